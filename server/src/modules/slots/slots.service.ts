import { addDays, type slots as contract, orders } from '@extranet/contract';
import dayjs from 'dayjs';
import isoWeek from 'dayjs/plugin/isoWeek.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { assertReferencesExist } from '../../access/tenancy';
import type { Executor } from '../../db/client';
import type { Deps } from '../../http/calls';
import { AppError } from '../../http/errors';
import type { Actor } from '../../http/session';
import { addOrderSystemComment } from '../discussions/order-discussions';
import { findOrderSlot } from '../orders/orders.documents';
import { emitOrderEvent } from '../orders/orders.events';
import type { OrderHeadRecord } from '../orders/orders.repository';
import { isSendClaimed } from '../orders/orders.sends';
import { loadHead } from '../orders/orders.service';
import {
  addToBooked,
  deleteBooking,
  deleteUnbookedFutureSlots,
  findBooking,
  findBookingOfOrder,
  findSchedule,
  insertBooking,
  insertClosure,
  insertSlots,
  isClosed,
  listComingClosures,
  listOpenSlots,
  lockSlots,
  moveBooking,
  type ScheduleRecord,
  upsertSchedule,
} from './slots.repository';
import { enqueueBookingUpdate } from './slots.sends';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(isoWeek);

type OrderKind = orders.OrderKind;

/** Statuses of an order that is over: received or delivered (done), cancelled by the warehouse. */
const FINISHED_STATUSES = ['DONE', 'DLV', 'CNL'];

function assertAdmin(actor: Actor) {
  if (!actor.isAdmin) throw new AppError('forbidden');
}

function assertKindPermitted(actor: Actor, kind: OrderKind) {
  if (!actor.permissions.has(orders.ORDER_PERMISSION[kind])) throw new AppError('forbidden');
}

// ---------------------------------------------------------------- schedules and slots

/** The slots a schedule makes on one day (YYYY-MM-DD), read in the zone. */
function slotsOfDay(schedule: ScheduleRecord, day: string, zone: string) {
  const weekday = dayjs.tz(day, zone).isoWeekday();
  if (!schedule.weekdays.includes(weekday)) return [];
  const end = dayjs.tz(`${day} ${schedule.toTime}`, 'YYYY-MM-DD HH:mm', zone);
  const made: { locationId: number; startsAt: Date; endsAt: Date; capacity: number }[] = [];
  let start = dayjs.tz(`${day} ${schedule.fromTime}`, 'YYYY-MM-DD HH:mm', zone);
  while (!start.add(schedule.minutes, 'minute').isAfter(end)) {
    const next = start.add(schedule.minutes, 'minute');
    made.push({
      locationId: schedule.locationId,
      startsAt: start.toDate(),
      endsAt: next.toDate(),
      capacity: schedule.capacity,
    });
    start = next;
  }
  return made;
}

/**
 * Makes the slots the schedule gives for the days from..to that lie between today and the
 * booking horizon (SLOT_HORIZON_WEEKS); those made before stay as they are.
 */
async function makeSlots(
  tx: Executor,
  deps: Deps,
  options: { locationId: number; from: string; to: string },
) {
  const schedule = await findSchedule(tx, options.locationId);
  if (!schedule) return;
  const zone = deps.config.SLOT_TIME_ZONE;
  const now = dayjs().tz(zone).format('YYYY-MM-DD');
  const first = options.from > now ? options.from : now;
  const horizon = addDays(now, deps.config.SLOT_HORIZON_WEEKS * 7);
  const last = options.to < horizon ? options.to : horizon;
  const rows = [];
  for (let day = first; day <= last; day = addDays(day, 1)) rows.push(...slotsOfDay(schedule, day, zone));
  await insertSlots(tx, rows);
}

export async function setSchedule(options: { deps: Deps; actor: Actor; input: contract.SetScheduleRequest }) {
  const { deps, actor, input } = options;
  assertAdmin(actor);
  await deps.db.transaction(async (tx) => {
    await assertReferencesExist(tx, { locationId: input.location_id });
    await replaceSchedule(tx, {
      locationId: input.location_id,
      weekdays: input.weekdays,
      from: input.from,
      to: input.to,
      minutes: input.minutes,
      capacity: input.capacity,
    });
  });
  return {};
}

/**
 * Replaces a location's weekly schedule (role 99, or the warehouse's master data): slots to come
 * that nobody booked go, and are made from the new schedule when next listed; booked ones stay
 * with their bookings.
 */
export async function replaceSchedule(
  tx: Executor,
  schedule: {
    locationId: number;
    weekdays: number[];
    from: string;
    to: string;
    minutes: number;
    capacity: number;
  },
) {
  const outcome = await upsertSchedule(tx, {
    locationId: schedule.locationId,
    weekdays: [...new Set(schedule.weekdays)].sort(),
    fromTime: schedule.from,
    toTime: schedule.to,
    minutes: schedule.minutes,
    capacity: schedule.capacity,
  });
  if (outcome !== 'unchanged') await deleteUnbookedFutureSlots(tx, schedule.locationId);
  return outcome;
}

export async function closeWindow(options: { deps: Deps; actor: Actor; input: contract.CloseWindowRequest }) {
  const { deps, actor, input } = options;
  assertAdmin(actor);
  return deps.db.transaction(async (tx) => {
    await assertReferencesExist(tx, { locationId: input.location_id });
    const closureId = await insertClosure(tx, {
      locationId: input.location_id,
      startsAt: input.starts_at,
      endsAt: input.ends_at,
      reason: input.reason,
    });
    return { closure_id: closureId };
  });
}

export async function getSchedule(options: {
  deps: Deps;
  locationId: number;
}): Promise<contract.GetScheduleResponse> {
  const { deps, locationId } = options;
  await assertReferencesExist(deps.db, { locationId });
  const schedule = await findSchedule(deps.db, locationId);
  const closures = await listComingClosures(deps.db, locationId);
  return {
    schedule: schedule
      ? {
          location_id: schedule.locationId,
          weekdays: schedule.weekdays,
          from: schedule.fromTime,
          to: schedule.toTime,
          minutes: schedule.minutes,
          capacity: schedule.capacity,
        }
      : null,
    closures: closures.map((row) => ({
      closure_id: row.id,
      location_id: row.locationId,
      starts_at: row.startsAt,
      ends_at: row.endsAt,
      reason: row.reason,
    })),
    time_zone: deps.config.SLOT_TIME_ZONE,
  };
}

/**
 * The slots of a location's days (both included, in SLOT_TIME_ZONE), with their capacity and how
 * many are booked; slots a closure covers are left out. Locations are global: anyone who may
 * order sees every location's free capacity, never whose orders hold it.
 */
export async function listSlots(options: {
  deps: Deps;
  input: contract.ListSlotsRequest;
}): Promise<contract.ListSlotsResponse> {
  const { deps } = options;
  const { location_id: locationId, date_from: from, date_to: to } = options.input.filters;
  const zone = deps.config.SLOT_TIME_ZONE;
  await assertReferencesExist(deps.db, { locationId });
  await deps.db.transaction((tx) => makeSlots(tx, deps, { locationId, from, to }));
  const rows = await listOpenSlots(deps.db, {
    locationId,
    from: dayjs.tz(from, zone).toDate(),
    to: dayjs.tz(addDays(to, 1), zone).toDate(),
  });
  return {
    items: rows.map((row) => ({
      slot_id: row.id,
      location_id: row.locationId,
      starts_at: row.startsAt,
      ends_at: row.endsAt,
      capacity: row.capacity,
      booked: row.booked,
    })),
    time_zone: zone,
  };
}

// ---------------------------------------------------------------- bookings

/** What follows every change of an order's booking, in its transaction. */
async function bookingChanged(
  tx: Executor,
  options: { kind: OrderKind; head: OrderHeadRecord; by: 'user' | 'warehouse'; reason: string | null },
) {
  const { kind, head } = options;
  const slot = await findOrderSlot(tx, kind, head.id);
  await emitOrderEvent(tx, kind, head.id, {
    type: 'order.slot_changed',
    slot,
    by: options.by,
    reason: options.reason,
  });
  if (options.by === 'warehouse') return slot;
  // The warehouse has the order, or is being sent it: it hears of the change. A send still
  // waiting reads the booking when it goes.
  const hasOrder =
    head.progress === 'sent' ||
    head.progress === 'sync' ||
    (head.progress === 'ready' && (await isSendClaimed(tx, kind, head.id)));
  if (hasOrder) await enqueueBookingUpdate(tx, kind, head.id);
  return slot;
}

function assertBookable(head: OrderHeadRecord) {
  if (head.isTemplate || (head.statusCode !== null && FINISHED_STATUSES.includes(head.statusCode))) {
    throw new AppError('order_slot_denied', {
      progress: head.progress,
      status: head.statusCode,
      is_template: head.isTemplate,
    });
  }
}

/**
 * Books an order's truck into a slot, or moves its booking there. The order row, then both slot
 * rows (in id order), are locked first, so the capacity check and the count of bookings are one
 * step: two clerks racing for a slot's last dock are served one after the other, and the second
 * is refused slot_full.
 */
export async function bookSlot(options: {
  deps: Deps;
  actor: Actor;
  input: contract.BookSlotRequest;
}): Promise<{ booking_id: number }> {
  const { deps, actor, input } = options;
  assertKindPermitted(actor, input.kind);
  return deps.db.transaction(async (tx) => {
    const head = await loadHead(tx, actor, input.kind, input.head_id, { forUpdate: true });
    assertBookable(head);
    const existing = await findBookingOfOrder(tx, input.kind, head.id);
    if (existing?.slotId === input.slot_id) return { booking_id: existing.id };
    const locked = await lockSlots(tx, existing ? [input.slot_id, existing.slotId] : [input.slot_id]);
    const slot = locked.find((row) => row.id === input.slot_id);
    if (!slot) throw new AppError('slot_not_found', { slot_id: input.slot_id });
    if (slot.locationId !== head.locationId) {
      throw new AppError('slot_location_mismatch', {
        slot_location_id: slot.locationId,
        order_location_id: head.locationId,
      });
    }
    if (slot.startsAt.getTime() <= Date.now()) {
      throw new AppError('slot_in_the_past', { starts_at: slot.startsAt.toISOString() });
    }
    if (await isClosed(tx, slot)) throw new AppError('slot_closed', { slot_id: slot.id });
    if (slot.booked >= slot.capacity) {
      throw new AppError('slot_full', { slot_id: slot.id, capacity: slot.capacity });
    }
    let bookingId: number;
    if (existing) {
      await addToBooked(tx, existing.slotId, -1);
      await moveBooking(tx, existing.id, { slotId: slot.id, reason: null, authorId: actor.userId || null });
      bookingId = existing.id;
    } else {
      const row = await insertBooking(tx, {
        kind: input.kind,
        headId: head.id,
        slotId: slot.id,
        authorId: actor.userId || null,
      });
      bookingId = row.id;
    }
    await addToBooked(tx, slot.id, 1);
    await bookingChanged(tx, { kind: input.kind, head, by: 'user', reason: null });
    return { booking_id: bookingId };
  });
}

/** Cancels a booking of an order the actor may change; another company's answers booking_not_found. */
export async function cancelBooking(options: { deps: Deps; actor: Actor; bookingId: number }) {
  const { deps, actor, bookingId } = options;
  await deps.db.transaction(async (tx) => {
    const booking = await findBooking(tx, bookingId);
    if (!booking || !actor.permissions.has(orders.ORDER_PERMISSION[booking.kind])) {
      throw new AppError('booking_not_found', { booking_id: bookingId });
    }
    let head: OrderHeadRecord;
    try {
      head = await loadHead(tx, actor, booking.kind, booking.headId, { forUpdate: true });
    } catch (error) {
      if (error instanceof AppError && error.code === 'order_not_found') {
        throw new AppError('booking_not_found', { booking_id: bookingId });
      }
      throw error;
    }
    assertBookable(head);
    // Read again under the order's lock: a booking moved or cancelled meanwhile is the one there now.
    const current = await findBookingOfOrder(tx, booking.kind, head.id);
    if (current?.id !== bookingId) throw new AppError('booking_not_found', { booking_id: bookingId });
    await lockSlots(tx, [current.slotId]);
    await deleteBooking(tx, current.id);
    await addToBooked(tx, current.slotId, -1);
    await bookingChanged(tx, { kind: booking.kind, head, by: 'user', reason: null });
  });
  return {};
}

/**
 * The warehouse moved (slotId) or cancelled (null) an order's booking, in the transaction of its
 * event: its word is final, so a full slot takes the truck all the same. The client sees the
 * reason in the order's discussion (a system comment that notifies) and its systems get
 * order.slot_changed. 'slot_unknown': no such slot at the order's location; nothing changed.
 */
export async function applyWarehouseBooking(
  tx: Executor,
  options: {
    /** SLOT_TIME_ZONE: the client reads the new slot in it. */
    timeZone: string;
    kind: OrderKind;
    head: OrderHeadRecord;
    slotId: number | null;
    reason: string;
  },
): Promise<'applied' | 'slot_unknown'> {
  const { kind, head, slotId, reason } = options;
  const existing = await findBookingOfOrder(tx, kind, head.id);
  if (slotId === null && !existing) return 'applied';
  const ids = [...new Set([slotId, existing?.slotId].filter((id): id is number => id != null))];
  const locked = await lockSlots(tx, ids);
  if (slotId !== null) {
    const slot = locked.find((row) => row.id === slotId);
    if (!slot || slot.locationId !== head.locationId) return 'slot_unknown';
  }
  if (existing) await addToBooked(tx, existing.slotId, -1);
  if (slotId === null) {
    await deleteBooking(tx, existing!.id);
  } else {
    if (existing) await moveBooking(tx, existing.id, { slotId, reason, authorId: null });
    else await insertBooking(tx, { kind, headId: head.id, slotId, reason });
    await addToBooked(tx, slotId, 1);
  }
  const slot = await bookingChanged(tx, { kind, head, by: 'warehouse', reason });
  await addOrderSystemComment(tx, {
    kind,
    headId: head.id,
    dict: {
      code: 'order_slot_changed',
      slot: slot
        ? {
            starts_at: slot.starts_at.toISOString(),
            ends_at: slot.ends_at.toISOString(),
            time_zone: options.timeZone,
          }
        : null,
      reason,
    },
  });
  return 'applied';
}
