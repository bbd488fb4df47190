import type { orders } from '@extranet/contract';
import { Alert, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowBackUp,
  IconCheck,
  IconCopy,
  IconEdit,
  IconRotateClockwise,
  IconX,
} from '@tabler/icons-react';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { failureReason } from '../../../shared/messages/failure-reason';
import { useSession } from '../../../shared/session';
import { DataState } from '../../../shared/ui/data-state';
import { notifyApiError, notifySuccess } from '../../../shared/ui/notify';
import { PageTitle } from '../../../shared/ui/page-title';
import { positiveInt } from '../../../shared/ui/paged-table';
import { PrintButton, PrintNote } from '../../../shared/ui/print-button';
import { RefreshButton } from '../../../shared/ui/refresh-button';
import { useFollowOrder } from '../api/follow-order';
import type { OrderKind, OrderView } from '../api/keys';
import { useResetFailure } from '../api/reset-failure';
import { useSetDraft } from '../api/set-draft';
import { useSetReady } from '../api/set-ready';
import { useViewOrder } from '../api/view-order';
import { formatDate, formatDateTime, formatDecimal, orderCode } from '../components/format';
import { canBookSlot, type OrderBookingSlot } from '../components/order-booking-slot';
import type { OrderDiscussionSlot } from '../components/order-discussion-slot';
import { OrderDocuments } from '../components/order-documents';
import { OrderLinesTable } from '../components/order-lines-table';
import { BackToOrders } from '../components/order-load-error';
import { OrderProblems } from '../components/order-problems';
import { OrderShipment } from '../components/order-shipment';
import { OrderStatusBadge } from '../components/order-status-badge';
import { orderPaths } from '../components/paths';
import { RequireOrderPermission } from '../components/require-order-permission';

export function OrderViewPage({
  kind,
  Discussion,
  Booking,
}: {
  kind: OrderKind;
  Discussion: OrderDiscussionSlot;
  Booking: OrderBookingSlot;
}) {
  const { orderId } = useParams();
  const headId = positiveInt(orderId ?? null) ?? 0;
  return (
    <RequireOrderPermission kind={kind}>
      <ViewOrder key={headId} kind={kind} headId={headId} Discussion={Discussion} Booking={Booking} />
    </RequireOrderPermission>
  );
}

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children === null || children === undefined || children === '' ? '—' : children}
      </Text>
    </div>
  );
}

/** Set ready's button says, through this line under the title, that it sends the order to the warehouse. */
const READY_HINT_ID = 'order-ready-hint';

function HeaderFields({ kind, order }: { kind: OrderKind; order: OrderView }) {
  const { t } = useTranslation();
  const yesNo = (value: boolean) => (value ? t('orders.view.yes') : t('orders.view.no'));
  const common = {
    consignee: (
      <Field label={t('orders.fields.consignee')}>
        {order.consignee.name} · {order.consignee.business_line.name}
      </Field>
    ),
    deliveryDate: (
      <Field label={t('orders.fields.deliveryDate')} testId="field-delivery-date">
        {formatDate(order.delivery_date)}
      </Field>
    ),
    currency: <Field label={t('orders.fields.currency')}>{order.currency?.code}</Field>,
    location: <Field label={t('orders.fields.location')}>{order.location?.label}</Field>,
    truck: <Field label={t('orders.fields.truckNumber')}>{order.truck_number}</Field>,
    isReturn: <Field label={t('orders.fields.isReturn')}>{yesNo(order.is_return)}</Field>,
    created: <Field label={t('orders.fields.creationDate')}>{formatDateTime(order.creation_date)}</Field>,
    warehouseCode: order.warehouse_code && (
      <Field label={t('orders.fields.warehouseCode')} testId="field-warehouse-code">
        {order.warehouse_code}
      </Field>
    ),
  };
  if (kind === 'purch') {
    const p = order as orders.PurchOrder;
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
        {common.consignee}
        <Field label={t('orders.fields.vendor')} testId="field-vendor">
          {p.vendor && `${p.vendor.name} (${p.vendor.code})`}
        </Field>
        <Field label={t('orders.fields.vendorAddress')}>{p.vendor_address?.name}</Field>
        <Field label={t('orders.fields.vendorReference')}>{p.vendor_reference}</Field>
        {common.location}
        {common.deliveryDate}
        {common.currency}
        {common.truck}
        {common.isReturn}
        {common.created}
        {common.warehouseCode}
      </SimpleGrid>
    );
  }
  const s = order as orders.SalesOrder;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
      {common.consignee}
      <Field label={t('orders.fields.customer')} testId="field-customer">
        {s.customer && `${s.customer.name} (${s.customer.code})`}
      </Field>
      <Field label={t('orders.fields.customerAddress')}>{s.customer_address?.name}</Field>
      <Field label={t('orders.fields.customerReference')}>{s.customer_reference}</Field>
      <Field label={t('orders.fields.deliveryAddress')}>{s.delivery_address?.name}</Field>
      <Field label={t('orders.fields.deliveryName')}>{s.delivery_name}</Field>
      {common.deliveryDate}
      <Field label={t('orders.fields.dueDays')}>{formatDecimal(s.due_days)}</Field>
      {common.currency}
      {common.location}
      {common.truck}
      <Field label={t('orders.fields.selfPicking')}>{yesNo(s.self_picking)}</Field>
      {common.isReturn}
      <Field label={t('orders.fields.vatTaxReq')}>{yesNo(s.vat_tax_req)}</Field>
      {common.created}
      <Field label={t('orders.fields.comments')}>{s.comments}</Field>
    </SimpleGrid>
  );
}

function ViewOrder({
  kind,
  headId,
  Discussion,
  Booking,
}: {
  kind: OrderKind;
  headId: number;
  Discussion: OrderDiscussionSlot;
  Booking: OrderBookingSlot;
}) {
  const order = useViewOrder(kind, headId);
  useFollowOrder(kind, headId, order.data);
  return (
    <DataState query={order} failedExtra={<BackToOrders kind={kind} />}>
      {(data) => (
        <LoadedOrder
          kind={kind}
          data={data}
          onRefresh={() => order.refetch()}
          isFetching={order.isFetching}
          Discussion={Discussion}
          Booking={Booking}
        />
      )}
    </DataState>
  );
}

function LoadedOrder({
  kind,
  data,
  onRefresh,
  isFetching,
  Discussion,
  Booking,
}: {
  kind: OrderKind;
  data: OrderView;
  onRefresh: () => unknown;
  isFetching: boolean;
  Discussion: OrderDiscussionSlot;
  Booking: OrderBookingSlot;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const hasKindPermission = session[kind === 'purch' ? 'pord' : 'sord'];
  const ready = useSetReady(kind);
  const unready = useSetDraft(kind);
  const reset = useResetFailure(kind);
  const code = orderCode(data);
  const busy = ready.isPending || unready.isPending || reset.isPending;
  const showReady = !data.is_template && data.progress === 'draft';
  const run = (mutation: typeof ready, message: string) =>
    mutation.mutate(data.head_id, { onSuccess: () => notifySuccess(message), onError: notifyApiError });

  return (
    <Stack gap="md">
      <PageTitle
        title={
          <Group gap="sm" component="span">
            {t(data.is_template ? `orders.view.templateTitle.${kind}` : `orders.view.title.${kind}`, {
              code,
            })}
            <OrderStatusBadge progress={data.progress} status={data.status} />
          </Group>
        }
        record={code}
        section={t(`orders.list.title.${kind}`)}
        description={
          showReady ? (
            <span id={READY_HINT_ID} data-print="hide">
              {t('orders.actions.readyHint')}
            </span>
          ) : undefined
        }
        actions={
          <>
            <RefreshButton onRefresh={onRefresh} loading={isFetching} />
            <PrintButton />
            <Button
              variant="default"
              component={Link}
              to={orderPaths.copy(kind, data.head_id, data.consignee_id)}
              leftSection={<IconCopy size={18} aria-hidden />}
            >
              {t('orders.actions.copy')}
            </Button>
            {data.can_update && (
              <Button
                variant="default"
                component={Link}
                to={orderPaths.edit(kind, data.head_id)}
                leftSection={<IconEdit size={18} aria-hidden />}
              >
                {t('orders.actions.edit')}
              </Button>
            )}
            {!data.is_template && data.progress === 'failure' && (
              <Button
                variant="default"
                leftSection={<IconRotateClockwise size={18} aria-hidden />}
                onClick={() => run(reset, t('orders.actions.resetDone'))}
                loading={reset.isPending}
                disabled={busy}
              >
                {t('orders.actions.resetFailure')}
              </Button>
            )}
            {!data.is_template && data.can_unready && (
              <Button
                variant="default"
                leftSection={<IconArrowBackUp size={18} aria-hidden />}
                onClick={() => run(unready, t('orders.actions.unreadyDone'))}
                loading={unready.isPending}
                disabled={busy}
              >
                {data.progress === 'failure'
                  ? t('orders.actions.unreadyFailure')
                  : t('orders.actions.unready')}
              </Button>
            )}
            {showReady && (
              <Button
                aria-describedby={READY_HINT_ID}
                leftSection={<IconCheck size={18} aria-hidden />}
                onClick={() => run(ready, t('orders.actions.readyDone'))}
                loading={ready.isPending}
                disabled={busy || !data.can_ready}
              >
                {t('orders.actions.ready')}
              </Button>
            )}
          </>
        }
      />

      <PrintNote />
      {data.progress === 'failure' && (
        <Alert
          color="red"
          variant="light"
          icon={<IconX aria-hidden />}
          title={t('orders.view.failureTitle')}
          styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
        >
          {failureReason(t, data) ?? t('orders.view.failureUnknown')}
        </Alert>
      )}
      {data.progress === 'draft' && failureReason(t, data) && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconX aria-hidden />}
          title={t('orders.view.refusedBefore')}
          styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
        >
          {failureReason(t, data)}
        </Alert>
      )}
      <div data-print="hide" style={{ display: 'contents' }}>
        <OrderProblems problems={data.problems} isTemplate={data.is_template} />
      </div>

      <Paper withBorder p="lg" radius="md">
        <HeaderFields kind={kind} order={data} />
      </Paper>

      <Suspense fallback={null}>
        <Booking
          kind={kind}
          headId={data.head_id}
          locationId={data.location_id}
          slot={data.slot}
          canBook={canBookSlot(data) && hasKindPermission}
        />
      </Suspense>

      <OrderShipment kind={kind} order={data} />

      <section aria-labelledby="order-lines-title">
        <Title order={2} size="h4" mb="sm" id="order-lines-title">
          {t('orders.lines.title')}
        </Title>
        <OrderLinesTable kind={kind} order={data} />
      </section>

      <OrderDocuments kind={kind} headId={data.head_id} />

      <Suspense
        fallback={
          <Center mih={120}>
            <Loader aria-label={t('common.loading')} role="progressbar" />
          </Center>
        }
      >
        <div data-print="hide" style={{ display: 'contents' }}>
          <Discussion kind={kind} headId={data.head_id} />
        </div>
      </Suspense>
    </Stack>
  );
}
