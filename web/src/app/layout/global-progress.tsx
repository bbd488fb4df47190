import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useSessionExpired } from '../../shared/session/reauth';
import classes from './global-progress.module.css';

/**
 * A thin bar at the top while any request (except the background session refresh) or page load
 * (`navigating`: a screen's chunk) runs. Only a sight: the screen's own loaders (named progress
 * bars) tell assistive technology.
 */
export function GlobalProgress({ navigating = false }: { navigating?: boolean }) {
  const fetching = useIsFetching({ predicate: (query) => !query.meta?.background });
  const mutating = useIsMutating({ predicate: (mutation) => !mutation.meta?.background });
  // Calls waiting for the user to sign in again are not loading: the dialog says what happens.
  const expired = useSessionExpired();
  if (expired || (fetching + mutating === 0 && !navigating)) return null;
  return <div className={classes.bar} aria-hidden data-testid="global-progress" />;
}
