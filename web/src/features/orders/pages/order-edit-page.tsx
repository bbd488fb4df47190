import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { confirmAction } from '../../../shared/ui/confirm';
import { FormError } from '../../../shared/ui/form-error';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { PageTitle } from '../../../shared/ui/page-title';
import { positiveInt } from '../../../shared/ui/paged-table';
import { useEditOrder } from '../api/edit-order';
import { useExcludeOrder } from '../api/exclude-order';
import { useAddOrderDefaults } from '../api/get-add-order-defaults';
import type { OrderKind, OrderView } from '../api/keys';
import { useViewOrder } from '../api/view-order';
import { orderCode } from '../components/format';
import { canBookSlot, type OrderBookingSlot } from '../components/order-booking-slot';
import { OrderEditForm } from '../components/order-edit-form';
import { editFieldsOf } from '../components/order-form-values';
import { OrderLoadError } from '../components/order-load-error';
import { OrderStatusBadge } from '../components/order-status-badge';
import { orderPaths } from '../components/paths';
import { RequireOrderPermission } from '../components/require-order-permission';

/** SPEC.md §8: a failed edit or exclude scrolls to the top, where its error is. */
function scrollToTop() {
  window.scrollTo({ top: 0, behavior: 'smooth' });
}

export function OrderEditPage({ kind, Booking }: { kind: OrderKind; Booking: OrderBookingSlot }) {
  const { orderId } = useParams();
  const headId = positiveInt(orderId ?? null) ?? 0;
  return (
    <RequireOrderPermission kind={kind}>
      <EditOrder key={headId} kind={kind} headId={headId} Booking={Booking} />
    </RequireOrderPermission>
  );
}

function EditOrder({
  kind,
  headId,
  Booking,
}: {
  kind: OrderKind;
  headId: number;
  Booking: OrderBookingSlot;
}) {
  const { t } = useTranslation();
  const order = useViewOrder(kind, headId);
  const defaults = useAddOrderDefaults(kind);

  if (order.isPending || defaults.isPending) {
    return (
      <Center mih={200}>
        <Loader aria-label={t('common.loading')} role="progressbar" />
      </Center>
    );
  }
  if (order.isError) {
    return <OrderLoadError kind={kind} error={order.error} onRetry={() => order.refetch()} />;
  }
  return (
    <EditLoadedOrder
      kind={kind}
      order={order.data}
      defaultUomId={defaults.data?.uom_id ?? null}
      Booking={Booking}
    />
  );
}

function EditLoadedOrder({
  kind,
  order,
  defaultUomId,
  Booking,
}: {
  kind: OrderKind;
  order: OrderView;
  defaultUomId: number | null;
  Booking: OrderBookingSlot;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const edit = useEditOrder(kind, order.head_id);
  const exclude = useExcludeOrder(kind);
  const code = orderCode(order);

  const confirmExclude = () =>
    confirmAction({
      title: t('orders.exclude.title'),
      text: t('orders.exclude.text', { code }),
      confirm: t('orders.exclude.confirm'),
      danger: true,
      onConfirm: () =>
        exclude.mutate(order.head_id, {
          onSuccess: () => {
            notifySuccess(t('orders.exclude.done'));
            navigate(orderPaths.list(kind));
          },
          onError: scrollToTop,
        }),
    });

  return (
    <Stack gap="md">
      <PageTitle
        title={
          <Group gap="sm" component="span">
            {t(`orders.edit.title.${kind}`, { code })}
            <OrderStatusBadge progress={order.progress} status={order.status} />
          </Group>
        }
        record={t('orders.breadcrumbs.edit', { code })}
        section={t(`orders.list.title.${kind}`)}
        actions={
          order.can_update && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={confirmExclude}
              loading={exclude.isPending}
            >
              {t('orders.exclude.button')}
            </Button>
          )
        }
      />
      <FormError error={edit.error ?? exclude.error} />
      {/* The slot is booked at the location saved with the order: a change of location counts once saved. */}
      <Suspense fallback={null}>
        <Booking
          kind={kind}
          headId={order.head_id}
          locationId={order.location_id}
          slot={order.slot}
          canBook={canBookSlot(order) && order.can_update}
        />
      </Suspense>
      {order.can_update ? (
        <OrderEditForm
          kind={kind}
          order={order}
          defaultUomId={defaultUomId}
          saving={edit.isPending}
          onInvalid={() => notifyError(t('validation.formHasErrors'))}
          onSubmit={(values, saved) => {
            if (edit.isPending) return;
            edit.mutate(editFieldsOf(kind, values), {
              onSuccess: () => {
                saved();
                notifySuccess(t('orders.edit.saved'));
                navigate(orderPaths.view(kind, order.head_id));
              },
              onError: scrollToTop,
            });
          }}
        />
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text>{t('errors.order_update_denied')}</Text>
          <Button component={Link} to={orderPaths.view(kind, order.head_id)} variant="default">
            {t('orders.edit.backToOrder')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
