import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { safeRedirectTarget, sessionToken, useSessionState, withRedirectTo } from '../shared/session';
import { FullPageLoader } from '../shared/ui/full-page-loader';
import { SessionUnavailable } from './pages/session-unavailable';

export const LOGIN_PATH = '/login';
export const PASSRESET_PATH = '/passreset';
export const SECOND_FACTOR_SETUP_PATH = '/second-factor-setup';

function useWantedPath(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}${location.hash}`;
}

function loginTarget(wanted: string): string {
  // After an explicit logout the next user should not land on the previous user's page.
  return sessionToken.endReason() === 'logout' ? LOGIN_PATH : withRedirectTo(LOGIN_PATH, wanted);
}

/** SPEC.md §2 Guard: the workplace needs a full session; a limited one must change the password first. */
export function RequireSession() {
  const state = useSessionState();
  const wanted = useWantedPath();
  switch (state.status) {
    case 'anonymous':
      return <Navigate to={loginTarget(wanted)} replace />;
    case 'pending':
      return <FullPageLoader />;
    case 'unavailable':
      return <SessionUnavailable error={state.error} onRetry={state.retry} />;
    case 'limited':
      return <Navigate to={withRedirectTo(PASSRESET_PATH, wanted)} replace />;
    case 'setup':
      return <Navigate to={withRedirectTo(SECOND_FACTOR_SETUP_PATH, wanted)} replace />;
    case 'active':
      return <Outlet />;
  }
}

/** The login page: a signed-in user goes on to redirectTo (default '/'). */
export function GuestOnly() {
  const state = useSessionState();
  const [params] = useSearchParams();
  if (state.status === 'pending') return <FullPageLoader />;
  if (state.status === 'active' || state.status === 'limited' || state.status === 'setup') {
    return <Navigate to={safeRedirectTarget(params.get('redirectTo'))} replace />;
  }
  return <Outlet />;
}

/**
 * A page for one kind of limited session only: passreset for an expired password, the setup of a
 * second factor a company requires. Any other session goes on to redirectTo (default '/'), by way
 * of passreset while its password has expired.
 */
function RequireLimitedAs({ status }: { status: 'limited' | 'setup' }) {
  const state = useSessionState();
  const wanted = useWantedPath();
  const [params] = useSearchParams();
  switch (state.status) {
    case 'anonymous':
      return <Navigate to={loginTarget(wanted)} replace />;
    case 'pending':
      return <FullPageLoader />;
    case 'unavailable':
      return <SessionUnavailable error={state.error} onRetry={state.retry} />;
    default: {
      if (state.status === status) return <Outlet />;
      const target = safeRedirectTarget(params.get('redirectTo'));
      if (state.status === 'limited') return <Navigate to={withRedirectTo(PASSRESET_PATH, target)} replace />;
      return <Navigate to={target} replace />;
    }
  }
}

export const RequireLimitedSession = () => <RequireLimitedAs status="limited" />;
export const RequireSetupSession = () => <RequireLimitedAs status="setup" />;
