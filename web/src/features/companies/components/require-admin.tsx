import { ROLE_ADMIN } from '@extranet/contract';
import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session';

/** Client companies are the logistics provider's to manage: role 99 only. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  if (session.role !== ROLE_ADMIN) {
    return (
      <Alert color="red" variant="light" icon={<IconLock aria-hidden />} role="alert">
        {t('companies.forbidden')}
      </Alert>
    );
  }
  return children;
}
