import { ROLE_ADMIN, slots } from '@extranet/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Chip,
  Group,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { locationSource } from '../../../shared/catalogs/sources';
import { fieldError, MESSAGES, requiredText } from '../../../shared/forms';
import { fromSlotWallClock, inSlotZone, slotZone } from '../../../shared/messages/slot-time';
import { useSession } from '../../../shared/session';
import { DataState } from '../../../shared/ui/data-state';
import { notifyApiError, notifySuccess } from '../../../shared/ui/notify';
import { PageTitle } from '../../../shared/ui/page-title';
import { RemoteSelect } from '../../../shared/ui/remote-select';
import { useCloseWindow, useSetSchedule } from '../api/change-slots';
import { useSchedule } from '../api/get-schedule';

/** Orders → Dock slots → Schedule (role 99): a location's weekly slots and its closed days. */
export function SchedulePage() {
  const { t } = useTranslation();
  const session = useSession();
  const [locationId, setLocationId] = useState<number | null>(null);
  if (session.role !== ROLE_ADMIN) {
    return (
      <Stack>
        <PageTitle title={t('errors.forbidden')} />
        <Alert color="red" variant="light" icon={<IconLock aria-hidden />} role="alert">
          {t('slots.schedule.forbidden')}
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack>
      <PageTitle title={t('slots.schedule.title')} />
      <RemoteSelect
        source={locationSource}
        label={t('slots.location')}
        placeholder={t('slots.chooseLocation')}
        value={locationId}
        onChange={(value) => setLocationId(value)}
        w={280}
      />
      {locationId !== null && <LocationSchedule key={locationId} locationId={locationId} />}
    </Stack>
  );
}

const ScheduleForm = z.object(slots.scheduleShape).refine((value) => slots.scheduleProblem(value) === null, {
  message: 'slots.schedule.noRoom',
  path: ['to'],
});
type ScheduleForm = z.infer<typeof ScheduleForm>;

function LocationSchedule({ locationId }: { locationId: number }) {
  const query = useSchedule(locationId);
  return (
    <DataState query={query}>
      {(data) => (
        <Stack>
          <WeeklyForm locationId={locationId} schedule={data.schedule} />
          <Closures locationId={locationId} closures={data.closures} />
        </Stack>
      )}
    </DataState>
  );
}

function WeeklyForm({ locationId, schedule }: { locationId: number; schedule: slots.Schedule | null }) {
  const { t } = useTranslation();
  const save = useSetSchedule();
  const { control, register, handleSubmit, formState } = useForm<ScheduleForm>({
    resolver: zodResolver(ScheduleForm),
    defaultValues: schedule ?? {
      weekdays: [1, 2, 3, 4, 5],
      from: '08:00',
      to: '17:00',
      minutes: 60,
      capacity: 2,
    },
  });
  const submit = handleSubmit((values) =>
    save.mutate(
      { location_id: locationId, ...values },
      { onSuccess: () => notifySuccess(t('slots.schedule.saved')), onError: notifyApiError },
    ),
  );
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} aria-labelledby="schedule-title">
      <Title order={2} size="h4" id="schedule-title" mb="sm">
        {t('slots.schedule.weekly')}
      </Title>
      {!schedule && (
        <Text size="sm" c="dimmed" mb="sm">
          {t('slots.schedule.none')}
        </Text>
      )}
      <Stack>
        <Controller
          control={control}
          name="weekdays"
          render={({ field }) => (
            <Chip.Group
              multiple
              value={field.value.map(String)}
              onChange={(values) => field.onChange(values.map(Number).sort())}
            >
              <Group gap="xs" role="group" aria-label={t('slots.schedule.weekdays')}>
                {[1, 2, 3, 4, 5, 6, 7].map((day) => (
                  <Chip key={day} value={String(day)}>
                    {t(`slots.weekday.${day}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          )}
        />
        <Group align="flex-start">
          <TextInput
            type="time"
            label={t('slots.schedule.from')}
            {...register('from')}
            error={fieldError(t, formState.errors.from)}
          />
          <TextInput
            type="time"
            label={t('slots.schedule.to')}
            {...register('to')}
            error={fieldError(t, formState.errors.to)}
          />
          <Controller
            control={control}
            name="minutes"
            render={({ field }) => (
              <NumberInput
                label={t('slots.schedule.minutes')}
                min={5}
                max={1440}
                value={field.value}
                onChange={(value) => field.onChange(Number(value))}
                error={fieldError(t, formState.errors.minutes)}
              />
            )}
          />
          <Controller
            control={control}
            name="capacity"
            render={({ field }) => (
              <NumberInput
                label={t('slots.schedule.capacity')}
                min={1}
                max={slots.MAX_CAPACITY}
                value={field.value}
                onChange={(value) => field.onChange(Number(value))}
                error={fieldError(t, formState.errors.capacity)}
              />
            )}
          />
        </Group>
        <Text size="sm" c="dimmed">
          {t('slots.schedule.keepsBookings')} {t('slots.timeZone', { zone: slotZone() })}
        </Text>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('slots.schedule.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

const ClosureForm = z
  .object({
    starts_at: z.string().min(1, { message: MESSAGES.required }),
    ends_at: z.string().min(1, { message: MESSAGES.required }),
    reason: requiredText({ max: 500 }),
  })
  .refine((value) => value.ends_at > value.starts_at, {
    message: 'slots.closures.endsBeforeStart',
    path: ['ends_at'],
  });
type ClosureForm = z.infer<typeof ClosureForm>;

function Closures({ locationId, closures }: { locationId: number; closures: slots.Closure[] }) {
  const { t } = useTranslation();
  const close = useCloseWindow();
  const zone = slotZone();
  const { register, handleSubmit, formState, reset } = useForm<ClosureForm>({
    resolver: zodResolver(ClosureForm),
    defaultValues: { starts_at: '', ends_at: '', reason: '' },
  });
  // The fields are read as the schedule's wall clock, whatever the browser's zone.
  const instant = (value: string) => fromSlotWallClock(value, zone);
  const submit = handleSubmit((values) =>
    close.mutate(
      {
        location_id: locationId,
        starts_at: instant(values.starts_at),
        ends_at: instant(values.ends_at),
        reason: values.reason,
      },
      {
        onSuccess: () => {
          reset();
          notifySuccess(t('slots.closures.added'));
        },
        onError: notifyApiError,
      },
    ),
  );
  const format = (value: Date) => inSlotZone(value, zone).format('YYYY-MM-DD HH:mm');
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} aria-labelledby="closures-title">
      <Title order={2} size="h4" id="closures-title" mb="sm">
        {t('slots.closures.title')}
      </Title>
      {closures.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('slots.closures.none')}
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('slots.closures.startsAt')}</Table.Th>
              <Table.Th>{t('slots.closures.endsAt')}</Table.Th>
              <Table.Th>{t('slots.closures.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {closures.map((closure) => (
              <Table.Tr key={closure.closure_id}>
                <Table.Td>{format(closure.starts_at)}</Table.Td>
                <Table.Td>{format(closure.ends_at)}</Table.Td>
                <Table.Td>{closure.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group align="flex-start" mt="md">
        <TextInput
          type="datetime-local"
          label={t('slots.closures.startsAt')}
          {...register('starts_at')}
          error={fieldError(t, formState.errors.starts_at)}
        />
        <TextInput
          type="datetime-local"
          label={t('slots.closures.endsAt')}
          {...register('ends_at')}
          error={fieldError(t, formState.errors.ends_at)}
        />
        <TextInput
          label={t('slots.closures.reason')}
          {...register('reason')}
          error={fieldError(t, formState.errors.reason)}
        />
      </Group>
      <Button type="submit" mt="sm" loading={close.isPending}>
        {t('slots.closures.add')}
      </Button>
    </Paper>
  );
}
