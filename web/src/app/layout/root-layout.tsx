import { Outlet, ScrollRestoration } from 'react-router';
import { GlobalProgress } from './global-progress';

export function RootLayout() {
  return (
    <>
      <GlobalProgress />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
