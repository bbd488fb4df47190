import { orders, slots } from '@extranet/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  jobs,
  locations,
  notifications,
  purchHeads,
  salesHeads,
  slots as slotTable,
  webhookEndpoints,
  webhookEvents,
} from '../../db/schema';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { createOrderWorld, type OrderWorld } from '../../test/orders.factories';
import { createSlot } from '../../test/slots.factories';
import {
  createWmsWorld,
  insertCompleteDraft,
  postWmsEvent,
  recordingConnector,
  systemTexts,
  WORKER,
} from '../../test/wms.factories';
import { processBookingUpdates } from '../wms/wms.bookings';
import { loadOrderMessage } from '../wms/wms.repository';
import { processSendJobs } from '../wms/wms.sends';

const SECRET = 'a-test-secret-of-some-length';
const ZONE = 'Europe/Riga';

let app: TestApp;
let world: OrderWorld;
let other: OrderWorld;
let token: string;
let otherToken: string;
let adminToken: string;
let locationId: number;

beforeAll(async () => {
  app = await createTestApp({ WMS_SECRET: SECRET, SLOT_TIME_ZONE: ZONE, SLOT_HORIZON_WEEKS: 4 });
  world = await createWmsWorld(app.deps.db, { notificationTypes: ['pord', 'sord'] });
  other = await createOrderWorld(app.deps.db);
  token = await loginAs(app, world.user);
  otherToken = await loginAs(app, other.user);
  const admin = await createUser(app.deps.db, { roleId: 99, permissions: ['pord', 'sord', 'umgr'] });
  adminToken = await loginAs(app, admin);
  locationId = world.refs.locationId;
});

const db = () => app.deps.db;
const failure = (response: { body: { failure?: { code: string } } }) => response.body.failure?.code;

/** A day n days from today, YYYY-MM-DD, in the schedule's zone. */
function dayFromNow(days: number) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

async function newOrder(kind: 'purch' | 'sales' = 'sales') {
  return insertCompleteDraft(db(), kind, world);
}

async function book(headId: number, slotId: number, kind: 'purch' | 'sales' = 'sales', as = token) {
  return app.call(slots.bookSlot, { kind, head_id: headId, slot_id: slotId }, as);
}

async function slotRow(slotId: number) {
  const [row] = await db().select().from(slotTable).where(eq(slotTable.id, slotId));
  return row!;
}

describe('schedules', () => {
  it('lets only role 99 set a schedule, and refuses one that makes no slot', async () => {
    const schedule = {
      location_id: locationId,
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      from: '08:00',
      to: '12:00',
      minutes: 60,
      capacity: 2,
    };
    expect((await app.call(slots.setSchedule, schedule, token)).status).toBe(403);
    const empty = await app.call(slots.setSchedule, { ...schedule, from: '12:00', to: '12:30' }, adminToken);
    expect([empty.status, failure(empty)]).toEqual([400, 'malformed_api_request']);
    const unknown = await app.call(slots.setSchedule, { ...schedule, location_id: 999_999 }, adminToken);
    expect(failure(unknown)).toBe('malformed_api_request');
    expect((await app.call(slots.setSchedule, schedule, adminToken)).status).toBe(200);
    const read = await app.call(slots.getSchedule, { location_id: locationId }, token);
    expect(read.body).toMatchObject({
      schedule: { from: '08:00', to: '12:00', capacity: 2 },
      time_zone: ZONE,
    });
  });

  it('lists the days asked with free capacity, hours read in the zone', async () => {
    const day = dayFromNow(3);
    const listed = await app.call(
      slots.listSlots,
      { filters: { location_id: locationId, date_from: { $date: day }, date_to: { $date: day } } },
      token,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.time_zone).toBe(ZONE);
    expect(listed.body.items).toHaveLength(4);
    const first = listed.body.items[0];
    const hour = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' });
    expect(hour.format(new Date(first.starts_at.$datetime))).toBe('08:00');
    expect(first).toMatchObject({ location_id: locationId, capacity: 2, booked: 0 });
    // Listing again makes nothing twice.
    const again = await app.call(
      slots.listSlots,
      { filters: { location_id: locationId, date_from: { $date: day }, date_to: { $date: day } } },
      otherToken,
    );
    expect(again.body.items.map((item: { slot_id: number }) => item.slot_id)).toEqual(
      listed.body.items.map((item: { slot_id: number }) => item.slot_id),
    );
  });

  it('refuses a range past its limit or backwards as malformed', async () => {
    const far = await app.call(
      slots.listSlots,
      {
        filters: {
          location_id: locationId,
          date_from: { $date: dayFromNow(0) },
          date_to: { $date: dayFromNow(100) },
        },
      },
      token,
    );
    expect([far.status, failure(far)]).toEqual([400, 'crud_filter_invalid_type']);
    const backwards = await app.call(
      slots.listSlots,
      {
        filters: {
          location_id: locationId,
          date_from: { $date: dayFromNow(2) },
          date_to: { $date: dayFromNow(1) },
        },
      },
      token,
    );
    expect(backwards.status).toBe(400);
  });

  it('keeps booked slots when the schedule is replaced, and drops the free ones', async () => {
    const day = dayFromNow(5);
    const filters = { location_id: locationId, date_from: { $date: day }, date_to: { $date: day } };
    const before = (await app.call(slots.listSlots, { filters }, token)).body.items;
    const headId = await newOrder();
    expect(failure(await book(headId, before[1].slot_id))).toBeUndefined();
    const schedule = {
      location_id: locationId,
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      from: '09:00',
      to: '11:00',
      minutes: 30,
      capacity: 3,
    };
    expect((await app.call(slots.setSchedule, schedule, adminToken)).status).toBe(200);
    const after = (await app.call(slots.listSlots, { filters }, token)).body.items;
    const ids = after.map((item: { slot_id: number }) => item.slot_id);
    expect(ids).toContain(before[1].slot_id);
    expect(ids).not.toContain(before[0].slot_id);
    expect(after.find((item: { slot_id: number }) => item.slot_id === before[1].slot_id).booked).toBe(1);
  });
});

describe('bookings', () => {
  it("books an order's truck, shows it on the order, and moves it when booked again", async () => {
    const headId = await newOrder();
    const first = await createSlot(db(), { locationId, capacity: 2 });
    const second = await createSlot(db(), { locationId, capacity: 2 });
    const booked = await book(headId, first.id);
    expect(booked.body).toEqual({ booking_id: expect.any(Number) });
    const view = await app.call(orders.sales.viewOrder, { head_id: headId }, token);
    expect(view.body.slot).toMatchObject({
      booking_id: booked.body.booking_id,
      slot_id: first.id,
      reason: null,
    });

    const moved = await book(headId, second.id);
    expect(moved.body.booking_id).toBe(booked.body.booking_id);
    expect((await slotRow(first.id)).booked).toBe(0);
    expect((await slotRow(second.id)).booked).toBe(1);
    // Booking the same slot again changes nothing.
    expect((await book(headId, second.id)).body.booking_id).toBe(booked.body.booking_id);
    expect((await slotRow(second.id)).booked).toBe(1);

    expect((await app.call(slots.cancelBooking, { booking_id: booked.body.booking_id }, token)).body).toEqual(
      {},
    );
    expect((await slotRow(second.id)).booked).toBe(0);
    const cleared = await app.call(orders.sales.viewOrder, { head_id: headId }, token);
    expect(cleared.body.slot).toBeNull();
    const again = await app.call(slots.cancelBooking, { booking_id: booked.body.booking_id }, token);
    expect(failure(again)).toBe('booking_not_found');
  });

  it('refuses a full slot, a closed one, one that has begun, and one at another location', async () => {
    const full = await createSlot(db(), { locationId, capacity: 1 });
    expect(failure(await book(await newOrder(), full.id))).toBeUndefined();
    const refused = await book(await newOrder(), full.id);
    expect(refused.status).toBe(200);
    expect(failure(refused)).toBe('slot_full');

    const closed = await createSlot(db(), { locationId, capacity: 5 });
    const closure = await app.call(
      slots.closeWindow,
      {
        location_id: locationId,
        starts_at: { $datetime: new Date(closed.startsAt.getTime() - 60_000).toISOString() },
        ends_at: { $datetime: new Date(closed.startsAt.getTime() + 60_000).toISOString() },
        reason: 'Inventory',
      },
      adminToken,
    );
    expect(closure.body).toEqual({ closure_id: expect.any(Number) });
    expect(failure(await book(await newOrder(), closed.id))).toBe('slot_closed');
    expect(
      (
        await app.call(
          slots.closeWindow,
          {
            location_id: locationId,
            starts_at: { $datetime: new Date().toISOString() },
            ends_at: { $datetime: new Date().toISOString() },
            reason: 'x',
          },
          adminToken,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await app.call(
          slots.closeWindow,
          {
            location_id: locationId,
            starts_at: { $datetime: new Date().toISOString() },
            ends_at: { $datetime: new Date(Date.now() + 1000).toISOString() },
            reason: 'x',
          },
          token,
        )
      ).status,
    ).toBe(403);

    const past = await createSlot(db(), {
      locationId,
      startsAt: new Date(Date.now() - 30 * 60_000),
      capacity: 5,
    });
    expect(failure(await book(await newOrder(), past.id))).toBe('slot_in_the_past');

    const [elsewhere] = await db()
      .insert(locations)
      .values({ label: `DOCK-${Date.now()}` })
      .returning();
    const away = await createSlot(db(), { locationId: elsewhere!.id, capacity: 5 });
    expect(failure(await book(await newOrder(), away.id))).toBe('slot_location_mismatch');
    expect(failure(await book(await newOrder(), 999_999))).toBe('slot_not_found');
  });

  it('refuses an order that is done or cancelled, and a template', async () => {
    const slot = await createSlot(db(), { locationId, capacity: 5 });
    const done = await newOrder('purch');
    await db()
      .update(purchHeads)
      .set({ progress: 'sync', statusCode: 'DONE' })
      .where(eq(purchHeads.id, done));
    expect(failure(await book(done, slot.id, 'purch'))).toBe('order_slot_denied');
    const cancelled = await newOrder('sales');
    await db()
      .update(salesHeads)
      .set({ progress: 'sync', statusCode: 'CNL' })
      .where(eq(salesHeads.id, cancelled));
    expect(failure(await book(cancelled, slot.id))).toBe('order_slot_denied');
    const template = await newOrder('sales');
    await db()
      .update(salesHeads)
      .set({ isTemplate: true, progress: 'template' })
      .where(eq(salesHeads.id, template));
    expect(failure(await book(template, slot.id))).toBe('order_slot_denied');
    expect((await slotRow(slot.id)).booked).toBe(0);
  });

  it("treats another company's order and booking as missing", async () => {
    const slot = await createSlot(db(), { locationId, capacity: 5 });
    const headId = await newOrder();
    expect(failure(await book(headId, slot.id, 'sales', otherToken))).toBe('order_not_found');
    const booked = await book(headId, slot.id);
    const cancel = await app.call(slots.cancelBooking, { booking_id: booked.body.booking_id }, otherToken);
    expect(failure(cancel)).toBe('booking_not_found');
    expect((await slotRow(slot.id)).booked).toBe(1);
  });

  it('gives the last dock to one of two racing clerks only', async () => {
    const slot = await createSlot(db(), { locationId, capacity: 1 });
    const heads = await Promise.all([newOrder(), newOrder(), newOrder(), newOrder()]);
    const answers = await Promise.all(heads.map((headId) => book(headId, slot.id)));
    const codes = answers.map((answer) => failure(answer) ?? 'booked').sort();
    expect(codes).toEqual(['booked', 'slot_full', 'slot_full', 'slot_full']);
    expect((await slotRow(slot.id)).booked).toBe(1);
  });
});

describe('the warehouse and the slots', () => {
  it('sends the booking with the order, and an update when it changes after sending', async () => {
    const slot = await createSlot(db(), { locationId, capacity: 5 });
    const later = await createSlot(db(), { locationId, capacity: 5 });
    const headId = await newOrder();
    await book(headId, slot.id);
    const message = await loadOrderMessage(db(), 'sales', headId);
    expect(message?.message.booking).toMatchObject({ slot_id: slot.id, starts_at: slot.startsAt });

    expect(failure(await app.call(orders.sales.setReady, { head_id: headId }, token))).toBeUndefined();
    await processSendJobs(db(), recordingConnector().connector, WORKER);
    await book(headId, later.id);
    const recorder = recordingConnector();
    expect(await processBookingUpdates(db(), recorder.connector, WORKER)).toBe(1);
    expect(recorder.bookings).toEqual([
      expect.objectContaining({
        update: expect.objectContaining({
          update: 'booking',
          head_id: headId,
          booking: expect.objectContaining({ slot_id: later.id }),
        }),
      }),
    ]);
    const left = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'wms-booking')));
    expect(left.every((job) => job.doneAt !== null)).toBe(true);
  });

  it('takes a move and a cancellation from the warehouse with its reason, and tells the client', async () => {
    const slot = await createSlot(db(), { locationId, capacity: 1 });
    const full = await createSlot(db(), { locationId, capacity: 1 });
    const headId = await newOrder();
    await book(headId, slot.id);
    expect(failure(await book(await newOrder(), full.id))).toBeUndefined();
    const moved = await postWmsEvent(app, SECRET, {
      event_id: `slot-move-${headId}`,
      order: { kind: 'sales', head_id: headId },
      booking: { slot_id: full.id },
      reason: 'Dock 2 under repair',
    });
    expect(moved.status).toBe(200);
    const view = await app.call(orders.sales.viewOrder, { head_id: headId }, token);
    expect(view.body.slot).toMatchObject({ slot_id: full.id, reason: 'Dock 2 under repair' });
    expect((await slotRow(full.id)).booked).toBe(2);
    expect((await slotRow(slot.id)).booked).toBe(0);

    const cancelled = await postWmsEvent(app, SECRET, {
      event_id: `slot-cancel-${headId}`,
      order: { kind: 'sales', head_id: headId },
      booking: null,
      reason: 'Truck too late',
    });
    expect(cancelled.status).toBe(200);
    expect((await app.call(orders.sales.viewOrder, { head_id: headId }, token)).body.slot).toBeNull();
    const texts = await systemTexts(db(), 'sales', headId);
    expect(texts).toContainEqual(
      expect.objectContaining({
        code: 'order_slot_changed',
        reason: 'Dock 2 under repair',
        slot: expect.objectContaining({ time_zone: ZONE }),
      }),
    );
    expect(texts).toContainEqual({ code: 'order_slot_changed', slot: null, reason: 'Truck too late' });
    const bell = await db().select().from(notifications).where(eq(notifications.userId, world.user.id));
    expect(bell.length).toBeGreaterThanOrEqual(2);

    const unknown = await postWmsEvent(app, SECRET, {
      event_id: `slot-unknown-${headId}`,
      order: { kind: 'sales', head_id: headId },
      booking: { slot_id: 999_999 },
      reason: 'x',
    });
    expect([unknown.status, unknown.body.failure.code]).toEqual([422, 'wms_slot_unknown']);
    const noReason = await postWmsEvent(app, SECRET, {
      event_id: `slot-noreason-${headId}`,
      order: { kind: 'sales', head_id: headId },
      booking: null,
    });
    expect(noReason.status).toBe(400);
  });

  it('takes slot schedules as master data, refusing an unknown location', async () => {
    const [location] = await db().select().from(locations).where(eq(locations.id, locationId));
    const schedule = { weekdays: [1, 2, 3, 4, 5], from: '07:00', to: '15:00', minutes: 120, capacity: 4 };
    const applied = await postWmsEvent(app, SECRET, {
      event_id: 'md-slots-1',
      master: { slot_schedules: [{ location: location!.label, ...schedule }] },
    });
    expect(applied.status).toBe(200);
    expect(applied.body.master).toEqual({ added: 0, changed: 1, unchanged: 0 });
    const read = await app.call(slots.getSchedule, { location_id: locationId }, token);
    expect(read.body.schedule).toMatchObject({ from: '07:00', to: '15:00', minutes: 120, capacity: 4 });
    const refused = await postWmsEvent(app, SECRET, {
      event_id: 'md-slots-2',
      master: { slot_schedules: [{ location: 'NO-SUCH-PLACE', ...schedule }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.failure).toMatchObject({
      code: 'wms_master_refused',
      details: { records: [{ record: 'slot_schedules[0]', problems: [{ problem: 'location_unknown' }] }] },
    });
  });

  it("tells the company's webhooks of every booking change, as order events", async () => {
    await db()
      .insert(webhookEndpoints)
      .values({
        companyId: world.company.id,
        url: 'https://hooks.example.com/in',
        events: ['order.slot_changed', 'order.document_added'],
        secret: 'not-used-here',
      });
    const slot = await createSlot(db(), { locationId, capacity: 2 });
    const headId = await newOrder();
    const booked = await book(headId, slot.id);
    await app.call(slots.cancelBooking, { booking_id: booked.body.booking_id }, token);
    const events = await db()
      .select()
      .from(webhookEvents)
      .where(
        and(
          eq(webhookEvents.type, 'order.slot_changed'),
          eq(webhookEvents.recordKey, `order:sales:${headId}`),
        ),
      );
    expect(events.map((event) => (event.data as { slot: unknown; by: string }).by)).toEqual(['user', 'user']);
    expect(
      events.map((event) => (event.data as { slot: { slot_id: number } | null }).slot?.slot_id ?? null),
    ).toEqual([slot.id, null]);
  });
});
