import type { slots } from '@extranet/contract';
import { Button, Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { inSlotZone, slotZone } from '../../../shared/messages/slot-time';
import { DataState } from '../../../shared/ui/data-state';
import { useListSlots } from '../api/list-slots';

const DAY = 'YYYY-MM-DD';

/** The Monday of the week a day is in, in the schedule's zone. */
export function weekStartOf(day: Dayjs): Dayjs {
  const weekday = day.day() === 0 ? 7 : day.day();
  return day.subtract(weekday - 1, 'day').startOf('day');
}

export function thisWeek(): string {
  return weekStartOf(inSlotZone(new Date())).format(DAY);
}

/** Earlier or later weeks, a week at a time. */
export function WeekNav({ week, onChange }: { week: string; onChange: (week: string) => void }) {
  const { t } = useTranslation();
  const start = inSlotZone(`${week}T12:00:00Z`);
  const shift = (weeks: number) => onChange(start.add(weeks, 'week').format(DAY));
  return (
    <Group gap="xs">
      <Button
        variant="default"
        leftSection={<IconChevronLeft size={16} aria-hidden />}
        onClick={() => shift(-1)}
      >
        {t('slots.previousWeek')}
      </Button>
      <Text fw={600} data-testid="slots-week">
        {t('slots.week', { date: week })}
      </Text>
      <Button
        variant="default"
        rightSection={<IconChevronRight size={16} aria-hidden />}
        onClick={() => shift(1)}
      >
        {t('slots.nextWeek')}
      </Button>
    </Group>
  );
}

/**
 * A location's week of slots, a column a day with each slot's free docks (on phones the days
 * stack into a list). With `onPick`, a slot still free and to come can be chosen.
 */
export function WeekSlots({
  locationId,
  week,
  onPick,
  selectedSlotId,
  busy,
}: {
  locationId: number;
  week: string;
  onPick?: (slot: slots.SlotRow) => void;
  selectedSlotId?: number | null;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const zone = slotZone();
  const start = inSlotZone(`${week}T12:00:00Z`, zone);
  const days = Array.from({ length: 7 }, (_, i) => start.add(i, 'day').format(DAY));
  const query = useListSlots(locationId, days[0]!, days[6]!);
  return (
    <DataState query={query}>
      {(data) => {
        const now = Date.now();
        return (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('slots.timeZone', { zone: data.time_zone })}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 4, lg: 7 }} spacing="xs" data-testid="slots-week-grid">
              {days.map((day) => {
                const items = data.items.filter(
                  (slot) => inSlotZone(slot.starts_at, zone).format(DAY) === day,
                );
                return (
                  <Paper key={day} withBorder p="xs" radius="sm">
                    <Text fw={600} size="sm" mb={4}>
                      {t(`slots.weekday.${inSlotZone(`${day}T12:00:00Z`, zone).day() || 7}`)} {day}
                    </Text>
                    {items.length === 0 ? (
                      <Text size="xs" c="dimmed">
                        {t('slots.none')}
                      </Text>
                    ) : (
                      <Stack gap={4}>
                        {items.map((slot) => {
                          const free = Math.max(slot.capacity - slot.booked, 0);
                          const hours = `${inSlotZone(slot.starts_at, zone).format('HH:mm')}–${inSlotZone(slot.ends_at, zone).format('HH:mm')}`;
                          const pickable = onPick && free > 0 && slot.starts_at.getTime() > now && !busy;
                          const selected = selectedSlotId === slot.slot_id;
                          const label =
                            free > 0 ? t('slots.free', { free, capacity: slot.capacity }) : t('slots.full');
                          const content = (
                            <Group key={slot.slot_id} justify="space-between" gap={4} wrap="nowrap">
                              <Text size="sm">{hours}</Text>
                              <Text size="xs" fw={600} c={free > 0 || selected ? undefined : 'gray.8'}>
                                {selected ? t('slots.yours') : label}
                              </Text>
                            </Group>
                          );
                          return pickable ? (
                            <UnstyledButton
                              key={slot.slot_id}
                              onClick={() => onPick(slot)}
                              data-testid="slot-pick"
                              style={{ borderRadius: 4, padding: 2 }}
                            >
                              {content}
                            </UnstyledButton>
                          ) : (
                            <div key={slot.slot_id} data-testid="slot-cell" style={{ padding: 2 }}>
                              {content}
                            </div>
                          );
                        })}
                      </Stack>
                    )}
                  </Paper>
                );
              })}
            </SimpleGrid>
          </Stack>
        );
      }}
    </DataState>
  );
}
