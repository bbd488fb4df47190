import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrderKind } from '../api/keys';
import { getViewOrderQueryOptions } from '../api/view-order';
import { orderCode } from './format';

/**
 * A breadcrumb naming an order: its external code once the page has loaded it (this only reads the
 * page's cached query), its id until then.
 */
export function OrderCrumb({
  kind,
  headId,
  edit = false,
}: {
  kind: OrderKind;
  headId: number;
  edit?: boolean;
}) {
  const { t } = useTranslation();
  const order = useQuery({ ...getViewOrderQueryOptions(kind, headId), enabled: false });
  const code = order.data ? orderCode(order.data) : `#${headId}`;
  return edit ? t('orders.breadcrumbs.edit', { code }) : code;
}
