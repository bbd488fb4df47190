import { orders } from '@extranet/contract';
import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session';
import type { OrderKind } from '../api/keys';

/** Order screens need pord (purchase) or sord (sales); without it they say so instead of failing. */
export function RequireOrderPermission({ kind, children }: { kind: OrderKind; children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  if (!session[orders.ORDER_PERMISSION[kind]]) {
    return (
      <Alert color="red" variant="light" icon={<IconLock aria-hidden />} role="alert">
        {t('errors.forbidden')}
      </Alert>
    );
  }
  return children;
}
