import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { getPageConfig } from '../api/page-config';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The zone of the warehouse's slot schedules (server SLOT_TIME_ZONE): slots read in it everywhere. */
export function slotZone(): string {
  return getPageConfig().SLOT_TIME_ZONE ?? 'Europe/Riga';
}

/** An instant in the schedule's zone. */
export function inSlotZone(value: Date | string, zone = slotZone()) {
  return dayjs(value).tz(zone);
}

/** A slot as the warehouse's schedule reads it: `2026-12-01 08:00–09:00`. */
export function slotText(
  slot: { starts_at: string | Date; ends_at: string | Date; time_zone?: string },
  zone = slot.time_zone ?? slotZone(),
): string {
  const start = inSlotZone(slot.starts_at, zone);
  return `${start.format('YYYY-MM-DD HH:mm')}–${inSlotZone(slot.ends_at, zone).format('HH:mm')}`;
}

/** A wall-clock time of the schedule's zone (`2026-12-24T08:00`, as a datetime field gives it) as an instant. */
export function fromSlotWallClock(value: string, zone = slotZone()): Date {
  return dayjs.tz(value, zone).toDate();
}
