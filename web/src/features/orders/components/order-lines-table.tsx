import type { orders } from '@extranet/contract';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderKind, OrderView } from '../api/keys';
import { formatDate, formatDecimal, formatMoney } from './format';

type AnyLine = orders.PurchLine & Partial<orders.SalesLine>;

/**
 * The lines with their sums and a total row (SPEC.md §2 'View order'). Purchase lines add the
 * received quantity; sales lines the sales and delivered quantities, batch and expiry date.
 * A return's quantities carry a minus prefix.
 */
export function OrderLinesTable({ kind, order }: { kind: OrderKind; order: OrderView }) {
  const { t } = useTranslation();
  const sales = kind === 'sales';
  const currency = order.currency?.code;
  const qty = (value: string | null | undefined) => formatDecimal(value, { negative: order.is_return });
  const lines = order.lines as AnyLine[];
  const columns = sales ? 11 : 8;

  return (
    <Table.ScrollContainer minWidth={sales ? 1000 : 760}>
      <Table striped withTableBorder verticalSpacing="xs" data-testid="order-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('orders.lines.skuCode')}</Table.Th>
            <Table.Th>{t('orders.lines.skuName')}</Table.Th>
            <Table.Th ta="right">{t('orders.lines.quantity')}</Table.Th>
            {!sales && <Table.Th ta="right">{t('orders.lines.receivedQty')}</Table.Th>}
            {sales && <Table.Th ta="right">{t('orders.lines.salesQty')}</Table.Th>}
            {sales && <Table.Th ta="right">{t('orders.lines.deliveredQty')}</Table.Th>}
            <Table.Th>{t('orders.lines.uom')}</Table.Th>
            {sales && <Table.Th>{t('orders.lines.batch')}</Table.Th>}
            {sales && <Table.Th>{t('orders.lines.expiryDate')}</Table.Th>}
            <Table.Th ta="right">{t('orders.lines.price')}</Table.Th>
            <Table.Th ta="right">{t('orders.lines.sum')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns}>
                <Text size="sm" c="dimmed">
                  {t('orders.lines.none')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {lines.map((line) => (
            <Table.Tr key={line.line_id}>
              <Table.Td>{line.sku.external_code}</Table.Td>
              <Table.Td>{line.sku.name}</Table.Td>
              <Table.Td ta="right">{qty(line.ordered_qty)}</Table.Td>
              {!sales && <Table.Td ta="right">{qty(line.received_qty)}</Table.Td>}
              {sales && <Table.Td ta="right">{qty(line.sales_qty)}</Table.Td>}
              {sales && <Table.Td ta="right">{qty(line.delivered_qty)}</Table.Td>}
              <Table.Td>{line.uom?.name ?? ''}</Table.Td>
              {sales && <Table.Td>{line.batch ?? ''}</Table.Td>}
              {sales && <Table.Td>{formatDate(line.expiry_date)}</Table.Td>}
              <Table.Td ta="right">{formatDecimal(line.price, { decimals: 3 })}</Table.Td>
              <Table.Td ta="right">{formatMoney(line.ordered_sum, currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={columns - 1} ta="right">
              {t('orders.lines.total')}
            </Table.Th>
            <Table.Th ta="right" data-testid="order-total">
              {formatMoney(order.total, currency)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
