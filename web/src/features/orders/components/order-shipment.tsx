import { type orders, wms } from '@extranet/contract';
import { Anchor, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getPageConfig } from '../../../shared/api';
import type { OrderKind, OrderView } from '../api/keys';
import { formatDate } from './format';

/** The warehouse statuses of a sales order that has left it. */
const SHIPPED_STATUSES: readonly string[] = ['SHP', 'DLV'];

function Detail({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </Text>
    </div>
  );
}

/** A tracking number, a link to the carrier's page when TRACKING_URLS names the carrier. */
function TrackingNumber({ carrier, number }: { carrier: string | null; number: string }) {
  const { t } = useTranslation();
  const url = wms.trackingUrl(getPageConfig().TRACKING_URLS, carrier, number);
  if (!url) return <Text span>{number}</Text>;
  return (
    <Anchor
      href={url}
      target="_blank"
      // The carrier's page gets neither a way back to this one nor its address.
      rel="noopener noreferrer"
      aria-label={t('tracking.opensCarrier', { number })}
      data-testid="tracking-link"
    >
      <Group gap={4} component="span" wrap="nowrap" display="inline-flex">
        {number}
        <IconExternalLink size={14} aria-hidden />
      </Group>
    </Anchor>
  );
}

/**
 * What the warehouse reported of the order's way: a sales order's carrier, tracking numbers and
 * delivery, once it has shipped or anything of it is known; a purchase order's receipt date.
 */
export function OrderShipment({ kind, order }: { kind: OrderKind; order: OrderView }) {
  const { t } = useTranslation();
  const titleId = 'order-shipment-title';
  let details: ReactNode;
  if (kind === 'purch') {
    const purch = order as orders.PurchOrder;
    if (!purch.received_on) return null;
    details = (
      <Detail label={t('tracking.receivedOn')} testId="received-on">
        {formatDate(purch.received_on)}
      </Detail>
    );
  } else {
    const sales = order as orders.SalesOrder;
    const known =
      sales.carrier || sales.tracking_numbers.length > 0 || sales.delivered_on || sales.delivery_signer;
    if (!known && !SHIPPED_STATUSES.includes(sales.status.code ?? '')) return null;
    details = (
      <>
        <Detail label={t('tracking.carrier')}>{sales.carrier}</Detail>
        <Detail label={t('tracking.numbers')} testId="tracking-numbers">
          {sales.tracking_numbers.length === 0 ? (
            <Text span c="dimmed" size="sm">
              {t('tracking.noNumbers')}
            </Text>
          ) : (
            <Group gap="sm" component="span">
              {sales.tracking_numbers.map((number) => (
                <TrackingNumber key={number} carrier={sales.carrier} number={number} />
              ))}
            </Group>
          )}
        </Detail>
        <Detail label={t('tracking.deliveredOn')}>{formatDate(sales.delivered_on)}</Detail>
        <Detail label={t('tracking.signer')}>{sales.delivery_signer}</Detail>
      </>
    );
  }
  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      component="section"
      aria-labelledby={titleId}
      data-testid="order-shipment"
    >
      <Title order={2} size="h4" mb="sm" id={titleId}>
        {t(`tracking.title.${kind}`)}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" component="dl" m={0}>
        {details}
      </SimpleGrid>
    </Paper>
  );
}
