import { useSessionState } from '../../shared/session';
import { FullPageLoader } from '../../shared/ui/full-page-loader';
import { LoginLayout } from '../layout/login-layout';
import { WorkplaceLayout } from '../layout/workplace-layout';
import { NotFoundPage } from './not-found-page';

/**
 * Any unknown path (SPEC.md §2). It is shown to everyone, signed in or not: inside the workplace
 * frame for a full session, on the plain login layout otherwise.
 */
export function NotFoundRoute() {
  const state = useSessionState();
  if (state.status === 'pending') return <FullPageLoader />;
  if (state.status === 'active') {
    return (
      <WorkplaceLayout>
        <NotFoundPage signedIn />
      </WorkplaceLayout>
    );
  }
  return (
    <LoginLayout>
      <NotFoundPage signedIn={false} />
    </LoginLayout>
  );
}
