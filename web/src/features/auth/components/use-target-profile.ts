import { useParams } from 'react-router';
import { useSession } from '../../../shared/session';
import { useProfileForce } from '../api/get-profile-force';
import { useProfileSelf } from '../api/get-profile-self';

/**
 * The profile a profile screen shows: the route's :userId, or one's own without it (or when it is
 * one's own id, which needs no umgr).
 */
export function useTargetProfile() {
  const { userId: param } = useParams();
  const session = useSession();
  const userId = param === undefined ? session.user_id : Number(param);
  const isValid = Number.isSafeInteger(userId) && userId > 0;
  const isSelf = userId === session.user_id;
  const self = useProfileSelf(isSelf);
  const other = useProfileForce(userId, isValid && !isSelf);
  return { userId, isSelf, isValid, query: isSelf ? self : other };
}
