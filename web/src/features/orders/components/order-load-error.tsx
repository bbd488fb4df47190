import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api';
import type { OrderKind } from '../api/keys';
import { orderPaths } from './paths';

/** An order that could not be loaded (another company's is simply not found). */
export function OrderLoadError({ kind, error }: { kind: OrderKind; error: unknown }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
      <Stack gap={4}>
        <Text size="sm">{errorMessage(t, error)}</Text>
        <Anchor component={Link} to={orderPaths.list(kind)} size="sm">
          {t('orders.view.backToList')}
        </Anchor>
      </Stack>
    </Alert>
  );
}
