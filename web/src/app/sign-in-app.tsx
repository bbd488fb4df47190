import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { LoginPage } from '../features/auth/pages/login-page';
import { i18n } from '../shared/i18n';
import { useSessionToken } from '../shared/session/session-token';
import { FullPageLoader } from '../shared/ui/full-page-loader';
import { GlobalProgress } from './layout/global-progress';
import { LoginLayout } from './layout/login-layout';
import { baseTheme, cssVariablesResolver } from './theme-base';

/** The form until a session exists; then the signed-in app takes over (it loads meanwhile). */
function SignIn() {
  const token = useSessionToken();
  return <LoginLayout>{token ? <FullPageLoader /> : <LoginPage />}</LoginLayout>;
}

/**
 * The sign-in page (/login) as the first page of a visitor without a session: the login layout and
 * form with only what they need (no router, no workplace frame, no screens' routes, no contract
 * schemas), the same components and words as the signed-in app's own /login, which takes over
 * once a session exists (main.tsx).
 */
export function renderSignIn(root: Root, queryClient: QueryClient): void {
  root.render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <MantineProvider
          theme={baseTheme}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="light"
        >
          <QueryClientProvider client={queryClient}>
            <GlobalProgress />
            <SignIn />
          </QueryClientProvider>
        </MantineProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}
