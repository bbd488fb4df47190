import type { Permission } from '@extranet/contract';
import { Alert, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session';
import { PageTitle } from './page-title';

/**
 * A screen that needs one of the given permissions says so instead of failing call by call
 * (the server refuses those calls anyway).
 */
export function RequirePermission({
  anyOf,
  message,
  children,
}: {
  anyOf: readonly Permission[];
  /** What to tell a user without it; a generic sentence when left out. */
  message?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const session = useSession();
  if (!anyOf.some((permission) => session[permission])) {
    // The screen still has its heading and names its tab, so it reads as a page.
    return (
      <Stack>
        <PageTitle title={t('errors.forbidden')} />
        <Alert color="red" variant="light" icon={<IconLock aria-hidden />} role="alert">
          {message ?? t('catalogs.forbidden')}
        </Alert>
      </Stack>
    );
  }
  return children;
}
