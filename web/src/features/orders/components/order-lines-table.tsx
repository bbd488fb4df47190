import { Decimal, type orders } from '@extranet/contract';
import { Alert, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../shared/ui/list-filters';
import type { OrderKind, OrderView } from '../api/keys';
import { formatDate, formatDecimal, formatMoney, formatPrice } from './format';

type AnyLine = orders.PurchLine & Partial<orders.SalesLine>;

/** What the warehouse reported of a line: received (purchase) or delivered (sales). */
const doneQtyOf = (kind: OrderKind, line: AnyLine) =>
  (kind === 'purch' ? line.received_qty : line.delivered_qty) ?? null;

/** Reported minus ordered, when the warehouse reported a quantity other than the one ordered. */
export function qtyDifference(ordered: string | null, done: string | null): string | null {
  if (done === null) return null;
  const difference = new Decimal(done).minus(ordered ?? 0);
  return difference.isZero() ? null : difference.toFixed();
}

/** A reported quantity, marked with its difference when it is not what was ordered. */
function DoneQty({ line, kind, negative }: { line: AnyLine; kind: OrderKind; negative: boolean }) {
  const { t } = useTranslation();
  const done = doneQtyOf(kind, line);
  const difference = qtyDifference(line.ordered_qty, done);
  const written = formatDecimal(done, { negative });
  if (difference === null) return <>{written}</>;
  const signed = `${difference.startsWith('-') !== negative ? '−' : '+'}${formatDecimal(difference.replace(/^-/, ''))}`;
  return (
    <Text
      span
      size="sm"
      fw={700}
      c="red.9"
      title={t('tracking.differs', { difference: signed })}
      data-testid="qty-difference"
    >
      {written} ({signed})
    </Text>
  );
}

/** Lines whose reported quantity differs from the ordered one: their cells are tinted. */
const DIFFERS_BG = 'var(--mantine-color-orange-light)';

function DifferenceNote({ kind, lines }: { kind: OrderKind; lines: AnyLine[] }) {
  const { t } = useTranslation();
  const count = lines.filter(
    (line) => qtyDifference(line.ordered_qty, doneQtyOf(kind, line)) !== null,
  ).length;
  if (count === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      data-testid="lines-differ"
      styles={{ message: { color: 'var(--mantine-color-dark-7)' } }}
    >
      {t('tracking.linesDiffer', { count })}
    </Alert>
  );
}

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
  // The lines table's columns: code, name, quantities (purchase: ordered and received; sales: ordered,
  // sales and delivered), unit, (sales: batch, expiry date,) price and sum.
  const columns = sales ? 10 : 7;
  const isPhone = useIsPhone();
  const differs = (line: AnyLine) => qtyDifference(line.ordered_qty, doneQtyOf(kind, line)) !== null;

  if (isPhone)
    return (
      <Stack gap="xs">
        <DifferenceNote kind={kind} lines={lines} />
        <OrderLineCards kind={kind} order={order} />
      </Stack>
    );

  return (
    <Stack gap="xs">
      <DifferenceNote kind={kind} lines={lines} />
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
                <Table.Td ta="right" data-numeric>
                  {qty(line.ordered_qty)}
                </Table.Td>
                {!sales && (
                  <Table.Td ta="right" data-numeric bg={differs(line) ? DIFFERS_BG : undefined}>
                    <DoneQty line={line} kind={kind} negative={order.is_return} />
                  </Table.Td>
                )}
                {sales && (
                  <Table.Td ta="right" data-numeric>
                    {qty(line.sales_qty)}
                  </Table.Td>
                )}
                {sales && (
                  <Table.Td ta="right" data-numeric bg={differs(line) ? DIFFERS_BG : undefined}>
                    <DoneQty line={line} kind={kind} negative={order.is_return} />
                  </Table.Td>
                )}
                <Table.Td>{line.uom?.name ?? ''}</Table.Td>
                {sales && <Table.Td>{line.batch ?? ''}</Table.Td>}
                {sales && <Table.Td data-numeric>{formatDate(line.expiry_date)}</Table.Td>}
                <Table.Td ta="right" data-numeric>
                  {formatPrice(line.price, currency)}
                </Table.Td>
                <Table.Td ta="right" data-numeric>
                  {formatMoney(line.ordered_sum, currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={columns - 1} ta="right">
                {t('orders.lines.total')}
              </Table.Th>
              <Table.Th ta="right" data-numeric data-testid="order-total">
                {formatMoney(order.total, currency)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function LineField({ label, children, align }: { label: string; children: ReactNode; align?: 'right' }) {
  return (
    <div style={{ minWidth: 0, textAlign: align }}>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children === '' || children === null || children === undefined ? '—' : children}
      </Text>
    </div>
  );
}

/** The lines on a phone: a card each with every figure of the table, price and sum included. */
function OrderLineCards({ kind, order }: { kind: OrderKind; order: OrderView }) {
  const { t } = useTranslation();
  const sales = kind === 'sales';
  const currency = order.currency?.code;
  const qty = (value: string | null | undefined) => formatDecimal(value, { negative: order.is_return });
  const lines = order.lines as AnyLine[];
  return (
    <Stack gap="xs" data-testid="order-lines">
      {lines.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('orders.lines.none')}
        </Text>
      )}
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {lines.map((line) => (
          <Paper
            key={line.line_id}
            component="li"
            withBorder
            radius="md"
            p="sm"
            data-testid="order-line-card"
          >
            <Stack gap={6}>
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {line.sku.external_code} · {line.sku.name}
              </Text>
              <SimpleGrid cols={2} spacing="xs" verticalSpacing={6} component="dl" m={0}>
                <LineField label={t('orders.lines.quantity')}>
                  {qty(line.ordered_qty)} {line.uom?.name ?? ''}
                </LineField>
                {!sales && (
                  <LineField label={t('orders.lines.receivedQty')}>
                    {doneQtyOf(kind, line) === null ? (
                      ''
                    ) : (
                      <DoneQty line={line} kind={kind} negative={order.is_return} />
                    )}
                  </LineField>
                )}
                {sales && <LineField label={t('orders.lines.salesQty')}>{qty(line.sales_qty)}</LineField>}
                {sales && (
                  <LineField label={t('orders.lines.deliveredQty')}>
                    {doneQtyOf(kind, line) === null ? (
                      ''
                    ) : (
                      <DoneQty line={line} kind={kind} negative={order.is_return} />
                    )}
                  </LineField>
                )}
                {sales && <LineField label={t('orders.lines.batch')}>{line.batch ?? ''}</LineField>}
                {sales && (
                  <LineField label={t('orders.lines.expiryDate')}>{formatDate(line.expiry_date)}</LineField>
                )}
                <LineField label={t('orders.lines.price')}>{formatPrice(line.price, currency)}</LineField>
                <LineField label={t('orders.lines.sum')}>{formatMoney(line.ordered_sum, currency)}</LineField>
              </SimpleGrid>
            </Stack>
          </Paper>
        ))}
      </Stack>
      <Group
        justify="space-between"
        px="sm"
        py="xs"
        bg="var(--mantine-color-gray-0)"
        style={{ borderRadius: 8 }}
      >
        <Text fw={700} size="sm">
          {t('orders.lines.total')}
        </Text>
        <Text fw={700} size="sm" data-testid="order-total">
          {formatMoney(order.total, currency)}
        </Text>
      </Group>
    </Stack>
  );
}
