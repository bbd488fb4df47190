import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session';

/** User management screens need umgr; without it they say so instead of failing call by call. */
export function RequireUserManagement({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  if (!session.umgr) {
    return (
      <Alert color="red" variant="light" icon={<IconLock aria-hidden />} role="alert">
        {t('auth.users.forbidden')}
      </Alert>
    );
  }
  return children;
}
