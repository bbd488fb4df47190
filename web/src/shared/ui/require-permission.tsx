import type { Permission } from '@extranet/contract';
import { Alert, Stack, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session';

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
    // The screen still has its heading, so it reads as a page (axe: page-has-heading-one).
    return (
      <Stack>
        <Title order={1} size="h3">
          {t('errors.forbidden')}
        </Title>
        <Alert color="red" variant="light" icon={<IconLock aria-hidden />} role="alert">
          {message ?? t('catalogs.forbidden')}
        </Alert>
      </Stack>
    );
  }
  return children;
}
