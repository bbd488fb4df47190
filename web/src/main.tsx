import './app/sign-in-styles';
import { createRoot } from 'react-dom/client';
import { BootFailure } from './app/boot-failure';
import { createQueryClient } from './app/query-client';
import { renderSignIn } from './app/sign-in-app';
import { fetchPageConfig } from './shared/api/page-config-file';
import { i18n, i18nReady } from './shared/i18n';
import { sessionToken } from './shared/session/session-token';

/**
 * Whether this load shows the sign-in page on its own (sign-in-app.tsx): no session, and the page
 * is /login, or / (which the signed-in app's guard would send to /login anyway). Any other page
 * starts the whole app, whose guards and not-found page decide.
 */
function signInFirst(): boolean {
  if (sessionToken.get()) return false;
  const { pathname, search, hash } = window.location;
  if (pathname === '/' && !search && !hash) {
    window.history.replaceState(window.history.state, '', '/login');
    return true;
  }
  return pathname === '/login' || pathname === '/login/';
}

async function boot(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  const root = createRoot(container);

  try {
    // The page's configuration and the words of the user's language, fetched side by side.
    await Promise.all([fetchPageConfig(), i18nReady]);
  } catch (error) {
    console.error(error);
    await i18nReady;
    root.render(<BootFailure />);
    return;
  }

  const queryClient = createQueryClient();
  // Server texts (status descriptions, ...) come in the request's language: ask again on a switch.
  i18n.on('languageChanged', () => void queryClient.invalidateQueries());

  const startWorkplace = async (): Promise<void> => {
    try {
      const { renderWorkplace } = await import('./app/workplace-app');
      await renderWorkplace(root, queryClient);
    } catch (error) {
      console.error(error);
      root.render(<BootFailure />);
    }
  };
  if (!signInFirst()) {
    await startWorkplace();
    return;
  }

  // Signed in: the session is in the cache and the stored code; the whole app goes on from here
  // (its /login page sends the user on to redirectTo, or to the password change).
  const unsubscribe = sessionToken.subscribe(() => {
    if (!sessionToken.get()) return;
    unsubscribe();
    void startWorkplace();
  });
  renderSignIn(root, queryClient);
}

void boot();
