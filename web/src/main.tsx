import './app/styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { BootFailure } from './app/boot-failure';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { loadPageConfig } from './shared/api';
import { i18n, i18nReady } from './shared/i18n';
import { bindSessionToCache, restoreSession } from './shared/session';

async function boot(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  const root = createRoot(container);

  try {
    // The page's configuration and the words of the user's language, fetched side by side.
    await Promise.all([loadPageConfig(), i18nReady]);
  } catch (error) {
    console.error(error);
    await i18nReady;
    root.render(<BootFailure />);
    return;
  }

  const queryClient = createQueryClient();
  bindSessionToCache(queryClient);
  // Server texts (status descriptions, ...) come in the request's language: ask again on a switch.
  i18n.on('languageChanged', () => void queryClient.invalidateQueries());
  await restoreSession(queryClient);

  const router = createAppRouter();
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void boot();
