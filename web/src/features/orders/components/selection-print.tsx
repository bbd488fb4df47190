import { Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PrintNote } from '../../../shared/ui/print-button';
import type { ListOrdersRequest, OrderKind } from '../api/keys';
import { getListOrdersQueryOptions } from '../api/list-orders';
import { formatDate, formatDateTime, orderCode } from './format';
import { MAX_SELECTED } from './order-selection';

/**
 * The selected orders on paper: read with the list's head_ids filter (every page of the
 * selection, not only the one on screen), then the browser's print dialog. Only the paper shows it
 * (app/print.css); the list it stands in for is hidden there meanwhile.
 */
export function SelectionPrint({
  kind,
  headIds,
  onDone,
}: {
  kind: OrderKind;
  headIds: readonly number[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const list = useQuery(
    getListOrdersQueryOptions(kind, {
      filters: { head_ids: [...headIds] },
      page: 0,
      count: MAX_SELECTED,
      ordering: '-creation_date',
    } as ListOrdersRequest),
  );
  const data = list.isPlaceholderData ? undefined : list.data;
  useEffect(() => {
    if (list.isError) onDone();
    if (!data) return;
    window.print();
    onDone();
  }, [data, list.isError, onDone]);
  if (!data) return null;
  return (
    <div data-print="only" data-testid="selection-print">
      <PrintNote caption={t(`orders.list.title.${kind}`)} />
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('orders.fields.externalCode')}</Table.Th>
            <Table.Th>{t('orders.fields.status')}</Table.Th>
            <Table.Th>{t('orders.fields.consignee')}</Table.Th>
            <Table.Th>{t(kind === 'purch' ? 'orders.fields.vendor' : 'orders.fields.customer')}</Table.Th>
            <Table.Th>{t('orders.fields.creationDate')}</Table.Th>
            <Table.Th>{t('orders.fields.deliveryDate')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.items.map((row) => {
            const party = 'vendor' in row ? row.vendor : row.customer;
            return (
              <Table.Tr key={row.head_id}>
                <Table.Td>{orderCode(row)}</Table.Td>
                <Table.Td>{t(`orders.progress.${row.progress}`)}</Table.Td>
                <Table.Td>{row.consignee.name}</Table.Td>
                <Table.Td>{party?.name ?? ''}</Table.Td>
                <Table.Td>{formatDateTime(row.creation_date)}</Table.Td>
                <Table.Td>{row.delivery_date ? formatDate(row.delivery_date) : ''}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}
