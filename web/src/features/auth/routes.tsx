import type { RouteObject, UIMatch } from 'react-router';
import type { RouteHandle } from '../../shared/navigation';
import { UserCrumb } from './components/user-crumb';

/** The login layout's pages; the app wraps them in their guards. */
export const loginRoute: RouteObject = {
  path: 'login',
  lazy: async () => ({ Component: (await import('./pages/login-page')).LoginPage }),
};

export const secondFactorSetupRoute: RouteObject = {
  path: 'second-factor-setup',
  lazy: async () => ({ Component: (await import('./pages/second-factor-setup-page')).SecondFactorSetupPage }),
};

export const passresetRoute: RouteObject = {
  path: 'passreset',
  lazy: async () => ({ Component: (await import('./pages/passreset-page')).PassresetPage }),
};

function userIdOf(match: UIMatch): number {
  return Number(match.params.userId);
}

/** SPEC.md §2 'Workplace routes': the users list, the new user form, profiles and their editor. */
export const usersRoutes: RouteObject[] = [
  {
    path: 'auth/users',
    handle: { breadcrumb: 'auth.users.breadcrumbs.list' } satisfies RouteHandle,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./pages/users-page')).UsersPage }),
      },
      {
        path: 'add',
        handle: { breadcrumb: 'auth.users.breadcrumbs.add' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./pages/user-add-page')).UserAddPage }),
      },
      {
        path: 'profile/:userId',
        handle: { breadcrumb: (match) => <UserCrumb userId={userIdOf(match)} /> } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./pages/profile-page')).ProfilePage }),
      },
      {
        path: 'edit/:userId',
        handle: { breadcrumb: (match) => <UserCrumb userId={userIdOf(match)} edit /> } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./pages/profile-edit-page')).ProfileEditPage }),
      },
    ],
  },
  {
    path: 'auth/users/profile',
    handle: { breadcrumb: 'auth.users.breadcrumbs.ownProfile' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./pages/profile-page')).ProfilePage }),
  },
  {
    path: 'auth/users/edit',
    handle: { breadcrumb: 'auth.users.breadcrumbs.editOwnProfile' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./pages/profile-edit-page')).ProfileEditPage }),
  },
];
