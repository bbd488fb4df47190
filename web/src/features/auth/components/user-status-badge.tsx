import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** SPEC.md §2 'Users list': Active, or Inactive for an excluded user. */
export function UserStatusBadge({ excluded }: { excluded: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={excluded ? 'gray' : 'green'} variant="dot" tt="none" data-testid="user-status">
      {excluded ? t('auth.users.status.inactive') : t('auth.users.status.active')}
    </Badge>
  );
}
