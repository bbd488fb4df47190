import type { orders } from '@extranet/contract';
import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconCalendarEvent, IconCalendarX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { slotText } from '../../../shared/messages/slot-time';
import { notifyApiError, notifySuccess } from '../../../shared/ui/notify';
import { useBookSlot, useCancelBooking } from '../api/change-slots';
import { thisWeek, WeekNav, WeekSlots } from './week-slots';

export interface OrderBookingProps {
  kind: 'purch' | 'sales';
  headId: number;
  locationId: number | null;
  slot: orders.OrderSlot | null;
  /** The order can take a booking (not a template, not done or cancelled) and the user may change it. */
  canBook: boolean;
}

/**
 * The order's dock slot on its view and edit pages: when its truck may come, why the warehouse
 * moved it, and booking, moving or cancelling it from the location's week of slots.
 */
export function OrderBookingPanel({ kind, headId, locationId, slot, canBook }: OrderBookingProps) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [week, setWeek] = useState(thisWeek);
  const book = useBookSlot(kind);
  const cancel = useCancelBooking(kind);
  const pick = (slotId: number) =>
    book.mutate(
      { headId, slotId },
      {
        onSuccess: () => {
          close();
          notifySuccess(t('slots.order.booked'));
        },
        onError: notifyApiError,
      },
    );
  const confirmCancel = (bookingId: number) =>
    modals.openConfirmModal({
      title: t('slots.order.cancel'),
      children: <Text size="sm">{t('slots.order.cancelConfirm')}</Text>,
      labels: { confirm: t('slots.order.cancel'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () =>
        cancel.mutate(bookingId, {
          onSuccess: () => notifySuccess(t('slots.order.cancelled')),
          onError: notifyApiError,
        }),
    });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="order-slot-title">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2} size="h5" id="order-slot-title">
            {t('slots.order.title')}
          </Title>
          <Text data-testid="order-slot">{slot ? slotText(slot) : t('slots.order.none')}</Text>
          {slot?.reason && (
            <Text size="sm" c="dimmed" data-testid="order-slot-reason">
              {t('slots.order.reason', { reason: slot.reason })}
            </Text>
          )}
        </Stack>
        {canBook && (
          <Group gap="xs" data-print="hide">
            <Button
              variant="default"
              leftSection={<IconCalendarEvent size={18} aria-hidden />}
              onClick={open}
              disabled={locationId === null}
            >
              {slot ? t('slots.order.move') : t('slots.order.book')}
            </Button>
            {slot && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconCalendarX size={18} aria-hidden />}
                loading={cancel.isPending}
                onClick={() => confirmCancel(slot.booking_id)}
              >
                {t('slots.order.cancel')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {canBook && locationId === null && (
        <Text size="sm" c="dimmed" mt="xs">
          {t('slots.order.noLocation')}
        </Text>
      )}
      <Modal
        opened={opened}
        onClose={close}
        title={t('slots.order.pick')}
        size="100%"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {locationId !== null && (
          <Stack>
            <WeekNav week={week} onChange={setWeek} />
            {book.isError && <Alert color="red">{t('slots.order.pickAgain')}</Alert>}
            <WeekSlots
              locationId={locationId}
              week={week}
              onPick={(picked) => pick(picked.slot_id)}
              selectedSlotId={slot?.slot_id ?? null}
              busy={book.isPending}
            />
          </Stack>
        )}
      </Modal>
    </Paper>
  );
}
