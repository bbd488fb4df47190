import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { GlobalProgress } from './global-progress';

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      <GlobalProgress navigating={navigation.state !== 'idle'} />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
