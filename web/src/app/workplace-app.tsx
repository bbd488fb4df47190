import './styles';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { getPageConfig } from '../shared/api/page-config';
import { bindSessionToCache, restoreSession } from '../shared/session';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

/**
 * The whole app: every screen's routes, the workplace frame, the contract's schemas and Mantine's
 * whole sheet. Loaded by the entry when there is a session or the page is not the sign-in page.
 */
export async function renderWorkplace(root: Root, queryClient: QueryClient): Promise<void> {
  // config.json as the contract describes it; a malformed one stops the start (boot failure).
  getPageConfig();
  bindSessionToCache(queryClient);
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
