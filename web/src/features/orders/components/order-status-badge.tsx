import type { orders } from '@extranet/contract';
import { Badge, type MantineColor } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { orderStatusName } from '../../../shared/messages/warehouse-status';

/** Progress values with a name of their own; sync shows the warehouse's status instead. */
const NAMED: readonly string[] = ['draft', 'ready', 'sent', 'failure', 'template'];

const COLORS: Record<string, MantineColor> = {
  draft: 'gray',
  ready: 'blue',
  sent: 'indigo',
  failure: 'red',
  sync: 'teal',
  template: 'grape',
};

/**
 * SPEC.md §4: draft, ready, sent, failure and template are named; anything else falls back to the
 * warehouse's status description, or 'unknown' when there is none.
 */
export function orderStatusLabel(
  t: TFunction,
  progress: string,
  status: orders.PurchOrder['status'],
): string {
  if (NAMED.includes(progress)) return t(`orders.progress.${progress}`);
  return orderStatusName(t, status) ?? t('orders.progress.unknown');
}

export function OrderStatusBadge({
  progress,
  status,
}: {
  progress: string;
  status: orders.PurchOrder['status'];
}) {
  const { t } = useTranslation();
  return (
    <Badge
      color={COLORS[progress] ?? 'gray'}
      variant="light"
      data-testid="order-status"
      // A badge clips its label; in a table that would let the column squeeze it to "…".
      miw="max-content"
    >
      {orderStatusLabel(t, progress, status)}
    </Badge>
  );
}
