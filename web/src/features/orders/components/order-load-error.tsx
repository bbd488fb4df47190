import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FailedState } from '../../../shared/ui/data-state';
import type { OrderKind } from '../api/keys';
import { orderPaths } from './paths';

/** The way back from an order that could not be loaded (another company's is simply not found). */
export function BackToOrders({ kind }: { kind: OrderKind }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={orderPaths.list(kind)} size="sm" display="inline-block" mt="xs">
      {t('orders.view.backToList')}
    </Anchor>
  );
}

/** An order that could not be loaded: why, Retry, and the way back to its list. */
export function OrderLoadError({
  kind,
  error,
  onRetry,
}: {
  kind: OrderKind;
  error: unknown;
  onRetry: () => unknown;
}) {
  return (
    <FailedState error={error} onRetry={onRetry}>
      <BackToOrders kind={kind} />
    </FailedState>
  );
}
