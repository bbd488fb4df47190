import { auth, orders } from '@extranet/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs, notifications, skuEans, stockRows, wmsEvents } from '../../db/schema';
import { translate } from '../../i18n';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createEan, createStockRow } from '../../test/catalogs.factories';
import { createCompany, createUser } from '../../test/factories';
import type { OrderWorld } from '../../test/orders.factories';
import {
  createWmsWorld,
  drainReports,
  insertCompleteDraft,
  progressMove,
  recordingConnector,
  SIMULATED_LIFE,
  sendJobsOf,
  signatures,
  systemTexts,
  testSimulator,
  WORKER,
} from '../../test/wms.factories';
import type { SendOutcome, WmsConnector } from './wms.connector';
import { warehouseFailure } from './wms.failure';
import { forgetOldWmsRecords } from './wms.retention';
import { processSendJobs } from './wms.sends';
import { SIMULATED_REFUSALS, SIMULATED_STATUS, simulatedWarehouseCode } from './wms.simulator';
import { applyDueSimulatedEvents } from './wms.simulator-events';

type Kind = 'purch' | 'sales';

let app: TestApp;
let world: OrderWorld;
let token: string;

beforeAll(async () => {
  app = await createTestApp();
  world = await createWmsWorld(app.deps.db);
  token = await loginAs(app, world.user);
});

const calls = (kind: Kind) => (kind === 'purch' ? orders.purch : orders.sales);
const db = () => app.deps.db;

async function setReady(kind: Kind, headId: number) {
  const response = await app.call(calls(kind).setReady, { head_id: headId }, token);
  expect(response.body.failure).toBeUndefined();
}

async function view(kind: Kind, headId: number) {
  const response = await app.call(calls(kind).viewOrder, { head_id: headId }, token);
  expect(response.body.failure).toBeUndefined();
  return response.body;
}

const work = (connector: WmsConnector, options = WORKER) => processSendJobs(db(), connector, options);

/** Makes the order's pending retry due now, instead of waiting for its backoff. */
async function makeDue(kind: Kind, headId: number) {
  await db()
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(eq(jobs.key, `${kind}:${headId}`));
}

async function stockOf(skuId: number) {
  return db().select().from(stockRows).where(eq(stockRows.skuId, skuId)).orderBy(stockRows.id);
}

describe('the simulator', () => {
  it('carries a purchase order from ready to received: sent, receiving, received quantities, stock in', async () => {
    const sku = world.skus[0]!;
    const before = await stockOf(sku.id);
    const headId = await insertCompleteDraft(db(), 'purch', world, [{ skuIndex: 0, qty: '10.500' }]);
    await setReady('purch', headId);
    expect(await sendJobsOf(db(), 'purch', headId)).toHaveLength(1);
    expect((await view('purch', headId)).can_unready).toBe(true);

    expect(await work(testSimulator(db()))).toBe(1);
    const sent = await view('purch', headId);
    expect(sent).toMatchObject({ progress: 'sent', status: SIMULATED_STATUS.registered, can_unready: false });
    // The order has no external code: the warehouse's number, from its answer, is what it is known by.
    expect(sent).toMatchObject({
      external_code: null,
      warehouse_code: simulatedWarehouseCode({ kind: 'purch', head_id: headId }),
    });

    expect(await drainReports(db())).toBe(2);
    const received = await view('purch', headId);
    expect(received).toMatchObject({ progress: 'sync', status: SIMULATED_STATUS.received });
    expect(received.lines[0].received_qty).toEqual({ $decimal: '10.500' });

    expect(await systemTexts(db(), 'purch', headId)).toEqual(SIMULATED_LIFE.purch);
    // The clerk's move is the clerk's; every later one is the warehouse's, none the system's.
    expect(await signatures(db(), 'purch', headId)).toEqual([
      world.user.id,
      'warehouse',
      'warehouse',
      'warehouse',
      'warehouse',
      'warehouse',
    ]);
    const after = await stockOf(sku.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({
      qty: '10.500',
      locationId: world.refs.locationId,
      uomId: world.refs.pcsId,
      statusCode: 'AV',
      consigneeId: world.consignee.id,
    });
    // Nothing is left to do, and nothing happens twice.
    expect(await work(testSimulator(db()))).toBe(0);
    expect(await applyDueSimulatedEvents(db())).toBe(0);
  });

  it('carries a sales order to delivered: picking, shipped with delivered quantities and stock out', async () => {
    const sku = world.skus[1]!;
    await createStockRow(db(), {
      consigneeId: world.consignee.id,
      skuId: sku.id,
      qty: '10.000',
      uomId: world.refs.pcsId,
      batch: 'B-7',
      expiryDate: '2031-01-01',
    });
    const headId = await insertCompleteDraft(db(), 'sales', world, [
      { skuIndex: 1, qty: '4.000', batch: 'B-7', expiryDate: '2031-01-01' },
    ]);
    await setReady('sales', headId);
    await work(testSimulator(db()));
    await drainReports(db());

    const done = await view('sales', headId);
    expect(done).toMatchObject({ progress: 'sync', status: SIMULATED_STATUS.delivered });
    expect(done.lines[0].delivered_qty).toEqual({ $decimal: '4.000' });
    expect(await systemTexts(db(), 'sales', headId)).toEqual(SIMULATED_LIFE.sales);
    const stock = await stockOf(sku.id);
    expect(stock.map((row) => row.qty)).toEqual(['6.000']);
  });

  it('notifies the users of the order company with the kind permission, and the bell shows it', async () => {
    const other = await createCompany(db());
    const stranger = await createUser(db(), {
      permissions: ['pord', 'sord'],
      companyIds: [other.id],
      notificationTypes: ['pord', 'sord', 'omov'],
    });
    const colleague = await createUser(db(), {
      permissions: ['pord'],
      companyIds: [world.company.id],
      notificationTypes: ['pord', 'omov'],
    });
    const colleagueToken = await loginAs(app, colleague);
    const headId = await insertCompleteDraft(db(), 'purch', world);
    await setReady('purch', headId);
    await app.call(auth.getSession, {}, colleagueToken);
    await db().update(notifications).set({ seen: true }).where(eq(notifications.userId, colleague.id));
    expect((await app.call(auth.getSession, {}, colleagueToken)).body.has_new_notifications).toBe(false);

    await work(testSimulator(db()));
    expect((await app.call(auth.getSession, {}, colleagueToken)).body.has_new_notifications).toBe(true);
    const count = async (userId: number) =>
      (await db().select().from(notifications).where(eq(notifications.userId, userId))).length;
    expect(await count(stranger.id)).toBe(0);
    // ready -> sent and the first status: two system comments, one notification (a burst about
    // one order is one entry).
    expect(
      await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, colleague.id), eq(notifications.seen, false))),
    ).toHaveLength(1);
  });

  it('refuses an order with a SKU it does not know into failure, and sends it again after reset_failure', async () => {
    const unknown = world.skus[2]!;
    const headId = await insertCompleteDraft(db(), 'purch', world, [
      { skuIndex: 0, qty: '1' },
      { skuIndex: 2, qty: '2' },
    ]);
    await setReady('purch', headId);
    await work(testSimulator(db()));
    const failed = await view('purch', headId);
    expect(failed.progress).toBe('failure');
    // A code the reader's language words, with the English text for API clients.
    expect(failed).toMatchObject({
      failure_reason: `Products unknown to the warehouse: ${unknown.externalCode}`,
      failure_code: 'unknown_products',
      failure_params: { skus: unknown.externalCode },
    });
    const list = await app.call(orders.purch.listOrders, { filters: { progress: 'failure' } }, token);
    expect(list.body.items.find((row: { head_id: number }) => row.head_id === headId)).toMatchObject({
      failure_reason: failed.failure_reason,
      failure_code: 'unknown_products',
      failure_params: { skus: unknown.externalCode },
    });
    expect((await systemTexts(db(), 'purch', headId)).at(-1)).toEqual(progressMove('ready', 'failure'));

    await createEan(db(), { skuId: unknown.id });
    const reset = await app.call(orders.purch.resetFailure, { head_id: headId }, token);
    expect(reset.body.failure).toBeUndefined();
    const recorder = recordingConnector(testSimulator(db()));
    await work(recorder.connector);
    expect(await view('purch', headId)).toMatchObject({
      progress: 'sent',
      failure_reason: null,
      failure_code: null,
      failure_params: null,
    });
    const sends = await sendJobsOf(db(), 'purch', headId);
    expect(sends).toHaveLength(2);
    expect(sends.every((job) => job.doneAt !== null)).toBe(true);
    // A new send, so a new idempotency key: the warehouse refused the first one.
    expect(recorder.sends).toEqual([
      { kind: 'purch', headId, idempotencyKey: `purch:${headId}:${sends[1]!.id}` },
    ]);
    await db().delete(skuEans).where(eq(skuEans.skuId, unknown.id));
  });

  it('refuses a configured share of sends; reset_all_failures sends them again', async () => {
    const ids = [
      await insertCompleteDraft(db(), 'sales', world, [{ skuIndex: 0, qty: '1' }]),
      await insertCompleteDraft(db(), 'sales', world, [{ skuIndex: 1, qty: '1' }]),
    ];
    for (const id of ids) await setReady('sales', id);
    await work(testSimulator(db(), { failureShare: 1 }));
    for (const id of ids) {
      const order = await view('sales', id);
      expect(order.progress).toBe('failure');
      expect(SIMULATED_REFUSALS).toContain(order.failure_code);
      expect(order.failure_reason).toBe(translate('en', `orders.failureReason.${order.failure_code}`));
    }
    const reset = await app.call(orders.sales.resetAllFailures, {}, token);
    expect(reset.body.count).toBeGreaterThanOrEqual(2);
    await work(testSimulator(db()));
    for (const id of ids) expect((await view('sales', id)).progress).toBe('sent');
  });
});

describe('retries', () => {
  it('retries with exponential backoff and gives up into failure with the reason after the last attempt', async () => {
    const headId = await insertCompleteDraft(db(), 'purch', world);
    await setReady('purch', headId);
    const down = recordingConnector(undefined, () => ({ result: 'retry', error: 'connection refused' }));

    const delays: number[] = [];
    for (let attempt = 1; attempt <= 2; attempt++) {
      expect(await work(down.connector)).toBe(1);
      const [job] = await sendJobsOf(db(), 'purch', headId);
      expect(job).toMatchObject({ attempts: attempt, lockedUntil: null, lastError: 'connection refused' });
      delays.push(job!.runAt.getTime() - Date.now());
      // Not due yet: nobody sends it again before its time.
      expect(await work(down.connector)).toBe(0);
      expect(await view('purch', headId)).toMatchObject({ progress: 'ready', can_unready: false });
      await makeDue('purch', headId);
    }
    expect(delays[0]).toBeGreaterThan(500);
    expect(delays[0]).toBeLessThanOrEqual(1100);
    expect(delays[1]).toBeGreaterThan(1500);
    expect(delays[1]).toBeLessThanOrEqual(2200);

    await work(down.connector);
    const failed = await view('purch', headId);
    expect(failed.progress).toBe('failure');
    expect(failed).toMatchObject({
      failure_reason: 'No answer from the warehouse system after 3 attempts: connection refused',
      failure_code: 'warehouse_unreachable',
      failure_params: { count: 3, error: 'connection refused' },
    });
    expect(down.sends).toHaveLength(3);
    expect(new Set(down.sends.map((send) => send.idempotencyKey)).size).toBe(1);
    expect((await systemTexts(db(), 'purch', headId)).at(-1)).toEqual(progressMove('ready', 'failure'));
    const [job] = await sendJobsOf(db(), 'purch', headId);
    expect(job!.doneAt).not.toBeNull();
  });

  it('sends again with the same key when the instance that claimed a send died mid-way', async () => {
    const headId = await insertCompleteDraft(db(), 'sales', world);
    await setReady('sales', headId);
    const dead = recordingConnector(undefined, () => new Promise<never>(() => {}));
    void work(dead.connector, { ...WORKER, lockMs: 100 });
    await expect.poll(() => dead.sends.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 150));

    const alive = recordingConnector();
    expect(await work(alive.connector)).toBe(1);
    expect(alive.sends[0]!.idempotencyKey).toBe(dead.sends[0]!.idempotencyKey);
    expect(await view('sales', headId)).toMatchObject({ progress: 'sent' });
  });
});

describe('a claim that ran out', () => {
  it('ignores the late outcome of a send whose claim ran out and was taken again', async () => {
    const headId = await insertCompleteDraft(db(), 'purch', world);
    await setReady('purch', headId);
    let answerLate: (outcome: SendOutcome) => void = () => {};
    const slow = recordingConnector(
      undefined,
      () =>
        new Promise<SendOutcome>((resolve) => {
          answerLate = resolve;
        }),
    );
    const first = work(slow.connector, { ...WORKER, lockMs: 100 });
    await expect.poll(() => slow.sends.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 150));

    // The second claim gets no answer and reschedules; the first claim's refusal comes after it.
    const silent = recordingConnector(undefined, () => ({ result: 'retry', error: 'timed out' }));
    expect(await work(silent.connector)).toBe(1);
    answerLate({ result: 'refused', failure: warehouseFailure('No dock slot is free') });
    await first;

    expect(await view('purch', headId)).toMatchObject({ progress: 'ready' });
    const [job] = await sendJobsOf(db(), 'purch', headId);
    expect(job).toMatchObject({ attempts: 2, doneAt: null, cancelledAt: null, lastError: 'timed out' });
    // The retry it left would reach the warehouse in a later test of this file.
    await db().update(jobs).set({ cancelledAt: sql`now()` }).where(eq(jobs.id, job!.id));
  });
});

describe('the grace delay before a send (WMS_SEND_DELAY_MS)', () => {
  let delayed: TestApp;
  let delayedToken: string;
  let delayedWorld: OrderWorld;

  beforeAll(async () => {
    // Far longer than the test: the delay runs out when the test says so (makeAllDue), not by the clock.
    delayed = await createTestApp({ WMS_SEND_DELAY_MS: 3_600_000 });
    delayedWorld = await createWmsWorld(delayed.deps.db);
    delayedToken = await loginAs(delayed, delayedWorld.user);
  });

  it('holds a ready order back for the delay, so Undo ready still cancels it; then sends it', async () => {
    const recorder = recordingConnector();
    const round = () => processSendJobs(delayed.deps.db, recorder.connector, WORKER);
    const undone = await insertCompleteDraft(delayed.deps.db, 'sales', delayedWorld);
    const kept = await insertCompleteDraft(delayed.deps.db, 'sales', delayedWorld);
    for (const headId of [undone, kept]) {
      const response = await delayed.call(orders.sales.setReady, { head_id: headId }, delayedToken);
      expect(response.body.failure).toBeUndefined();
    }

    expect(await round()).toBe(0);
    const view = await delayed.call(orders.sales.viewOrder, { head_id: undone }, delayedToken);
    expect(view.body).toMatchObject({ progress: 'ready', can_unready: true });
    const back = await delayed.call(orders.sales.setDraft, { head_id: undone }, delayedToken);
    expect(back.body.failure).toBeUndefined();

    // The delay is over.
    await delayed.deps.db.update(jobs).set({ runAt: sql`now()` }).where(isNull(jobs.doneAt));
    expect(await round()).toBe(1);
    expect(recorder.sends.map((send) => send.headId)).toEqual([kept]);
    const sent = await delayed.call(orders.sales.viewOrder, { head_id: kept }, delayedToken);
    expect(sent.body.progress).toBe('sent');
    const draft = await delayed.call(orders.sales.viewOrder, { head_id: undone }, delayedToken);
    expect(draft.body.progress).toBe('draft');
  });
});

describe('set_draft and the worker', () => {
  it('cancels a send no worker has taken yet; nothing is sent', async () => {
    const headId = await insertCompleteDraft(db(), 'purch', world);
    await setReady('purch', headId);
    const response = await app.call(orders.purch.setDraft, { head_id: headId }, token);
    expect(response.body.failure).toBeUndefined();
    const [job] = await sendJobsOf(db(), 'purch', headId);
    expect(job!.cancelledAt).not.toBeNull();
    const recorder = recordingConnector();
    await work(recorder.connector);
    expect(recorder.sends.filter((send) => send.headId === headId && send.kind === 'purch')).toEqual([]);
    expect((await view('purch', headId)).progress).toBe('draft');

    // Ready again: a new send, sent once.
    await setReady('purch', headId);
    await work(recorder.connector);
    expect(recorder.sends.filter((send) => send.headId === headId && send.kind === 'purch')).toHaveLength(1);
  });

  it('refuses set_draft (order_unready_denied) while a worker is sending, and can_unready says so', async () => {
    const headId = await insertCompleteDraft(db(), 'sales', world);
    await setReady('sales', headId);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = recordingConnector(undefined, async () => {
      await gate;
      return { result: 'accepted' };
    });
    const round = work(slow.connector);
    await expect.poll(() => slow.sends.length).toBe(1);

    expect((await view('sales', headId)).can_unready).toBe(false);
    const refused = await app.call(orders.sales.setDraft, { head_id: headId }, token);
    expect(refused.body.failure).toMatchObject({ code: 'order_unready_denied' });
    release();
    await round;
    expect((await view('sales', headId)).progress).toBe('sent');
  });

  it('races set_draft against claims: every order ends either draft and unsent, or sent after a refusal', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await insertCompleteDraft(db(), 'purch', world));
    for (const id of ids) await setReady('purch', id);
    const recorder = recordingConnector();
    const [, ...answers] = await Promise.all([
      work(recorder.connector),
      ...ids.map((id) => app.call(orders.purch.setDraft, { head_id: id }, token)),
    ]);
    await work(recorder.connector);
    for (const [i, id] of ids.entries()) {
      const sent = recorder.sends.filter((send) => send.kind === 'purch' && send.headId === id);
      const order = await view('purch', id);
      if (answers[i]!.body.failure) {
        expect(answers[i]!.body.failure.code).toBe('order_unready_denied');
        expect(order.progress).toBe('sent');
        expect(sent).toHaveLength(1);
      } else {
        expect(order.progress).toBe('draft');
        expect(sent).toHaveLength(0);
      }
    }
  });
});

describe('stock from the warehouse', () => {
  it('never takes stock below zero', async () => {
    const sku = world.skus[0]!;
    // Reports of earlier orders first, so that only this order moves the stock.
    await drainReports(db());
    await db().delete(stockRows).where(eq(stockRows.skuId, sku.id));
    await createStockRow(db(), {
      consigneeId: world.consignee.id,
      skuId: sku.id,
      qty: '3.000',
      uomId: world.refs.pcsId,
    });
    const headId = await insertCompleteDraft(db(), 'sales', world, [{ skuIndex: 0, qty: '5' }]);
    await setReady('sales', headId);
    await work(testSimulator(db()));
    await drainReports(db());
    expect(await stockOf(sku.id)).toEqual([]);
    expect((await view('sales', headId)).status).toEqual(SIMULATED_STATUS.delivered);
  });

  it('remembers every applied simulator event', async () => {
    const [row] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(wmsEvents)
      .where(sql`${wmsEvents.id} like 'sim:%'`);
    expect(row!.count).toBeGreaterThan(0);
  });
});

describe('retention', () => {
  it('forgets event ids and ended warehouse jobs older than the retention, and nothing else', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const tag = `retention-${Date.now()}`;
    await db()
      .insert(wmsEvents)
      .values([
        { id: `${tag}-old`, receivedAt: daysAgo(40) },
        { id: `${tag}-recent`, receivedAt: daysAgo(2) },
      ]);
    const job = (key: string, values: Partial<typeof jobs.$inferInsert>) => ({
      kind: 'wms-send',
      key: `${tag}-${key}`,
      payload: {},
      ...values,
    });
    await db()
      .insert(jobs)
      .values([
        job('done-old', { doneAt: daysAgo(40) }),
        job('cancelled-old', { cancelledAt: daysAgo(31) }),
        job('done-recent', { doneAt: daysAgo(2) }),
        job('live-old', { runAt: daysAgo(40), createdAt: daysAgo(40) }),
        job('other-kind', { kind: 'email', doneAt: daysAgo(40) }),
      ]);

    expect(await forgetOldWmsRecords(db(), 30)).toBe(3);

    const events = await db().select({ id: wmsEvents.id }).from(wmsEvents);
    expect(events.map((row) => row.id).filter((id) => id.startsWith(tag))).toEqual([`${tag}-recent`]);
    const left = await db().select({ key: jobs.key }).from(jobs);
    expect(
      left
        .map((row) => row.key)
        .filter((key) => key.startsWith(tag))
        .sort(),
    ).toEqual([`${tag}-done-recent`, `${tag}-live-old`, `${tag}-other-kind`]);
  });
});
