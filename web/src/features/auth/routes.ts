import type { RouteObject } from 'react-router';

/** The login layout's pages; the app wraps them in their guards. */
export const loginRoute: RouteObject = {
  path: 'login',
  lazy: async () => ({ Component: (await import('./pages/login-page')).LoginPage }),
};

export const passresetRoute: RouteObject = {
  path: 'passreset',
  lazy: async () => ({ Component: (await import('./pages/passreset-page')).PassresetPage }),
};
