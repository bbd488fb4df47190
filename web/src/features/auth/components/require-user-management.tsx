import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RequirePermission } from '../../../shared/ui/require-permission';

/** User management screens need umgr; without it they say so instead of failing call by call. */
export function RequireUserManagement({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <RequirePermission anyOf={['umgr']} message={t('auth.users.forbidden')}>
      {children}
    </RequirePermission>
  );
}
