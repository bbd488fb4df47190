import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session';
import { getProfileForceQueryOptions } from '../api/get-profile-force';
import { getProfileSelfQueryOptions } from '../api/get-profile-self';

/**
 * A breadcrumb naming another user: their username once the page has loaded the profile (this
 * only reads the page's cached query), their id until then.
 */
export function UserCrumb({ userId, edit = false }: { userId: number; edit?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const options =
    userId === session.user_id ? getProfileSelfQueryOptions() : getProfileForceQueryOptions(userId);
  const profile = useQuery({ ...options, enabled: false });
  const name = profile.data?.username ?? `#${userId}`;
  return edit ? t('auth.users.breadcrumbs.editUser', { name }) : name;
}
