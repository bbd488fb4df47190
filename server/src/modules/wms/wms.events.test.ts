import { orders, wms } from '@extranet/contract';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs, locations, stockRows, wmsEvents } from '../../db/schema';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createSku, createStockRow } from '../../test/catalogs.factories';
import { createCompany, createConsignee } from '../../test/factories';
import type { OrderWorld } from '../../test/orders.factories';
import {
  createWmsWorld,
  insertCompleteDraft,
  progressMove,
  recordingConnector,
  statusMove,
  systemTexts,
  WORKER,
} from '../../test/wms.factories';
import { receiveWmsEvent } from './wms.events';
import { WmsRefusal } from './wms.refusal';
import { processSendJobs } from './wms.sends';
import { signWms } from './wms.signature';

const SECRET = 'a-test-secret-of-some-length';

let app: TestApp;
let world: OrderWorld;
let token: string;
let locationLabel: string;

beforeAll(async () => {
  app = await createTestApp({ WMS_SECRET: SECRET });
  world = await createWmsWorld(app.deps.db);
  token = await loginAs(app, world.user);
  const [location] = await app.deps.db
    .select()
    .from(locations)
    .where(eq(locations.id, world.refs.locationId));
  locationLabel = location!.label;
});

const db = () => app.deps.db;
const dec = (value: string) => ({ $decimal: value });
let eventSequence = 0;
const nextEventId = () => `evt-${++eventSequence}`;

/** Posts raw bytes as the warehouse would, signed unless told otherwise. */
async function post(
  body: unknown,
  options: { secret?: string; timestamp?: number; signature?: string; raw?: string } = {},
) {
  const raw = options.raw ?? JSON.stringify(body);
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/wms/events',
    payload: raw,
    headers: {
      'content-type': 'application/json',
      [wms.WMS_TIMESTAMP_HEADER]: timestamp,
      [wms.WMS_SIGNATURE_HEADER]: options.signature ?? signWms(options.secret ?? SECRET, timestamp, raw),
    },
  });
  return { status: response.statusCode, body: response.json() };
}

/** A purchase order the warehouse has taken (progress sent), through the real send path. */
async function sentOrder(kind: 'purch' | 'sales' = 'purch') {
  const headId = await insertCompleteDraft(db(), kind, world, [
    { skuIndex: 0, qty: '5' },
    { skuIndex: 1, qty: '7' },
  ]);
  const calls = kind === 'purch' ? orders.purch : orders.sales;
  expect((await app.call(calls.setReady, { head_id: headId }, token)).body.failure).toBeUndefined();
  await processSendJobs(db(), recordingConnector().connector, WORKER);
  return headId;
}

/** Everything an event could have changed about an order. */
async function snapshotOf(kind: 'purch' | 'sales', headId: number) {
  const calls = kind === 'purch' ? orders.purch : orders.sales;
  const view = (await app.call(calls.viewOrder, { head_id: headId }, token)).body;
  return {
    view,
    texts: await systemTexts(db(), kind, headId),
    events: (await db().select().from(wmsEvents)).length,
    stock: await db().select().from(stockRows).orderBy(stockRows.id),
  };
}

describe('POST /api/wms/events', () => {
  it('applies a signed status and quantities update once, with its system comments', async () => {
    const headId = await sentOrder();
    const eventId = nextEventId();
    const event = {
      event_id: eventId,
      order: { kind: 'purch', head_id: headId },
      status: { code: 'RCV', desc: 'Receiving' },
      lines: [{ sku: world.skus[0]!.externalCode, qty: dec('4.250') }],
    };
    const response = await post(event);
    expect(response).toEqual({
      status: 200,
      body: {
        event_id: eventId,
        applied: true,
        order: {
          kind: 'purch',
          head_id: headId,
          progress: 'sync',
          status: { code: 'RCV', desc: 'Receiving' },
        },
      },
    });
    const after = await snapshotOf('purch', headId);
    expect(after.view.lines.map((line: { received_qty: unknown }) => line.received_qty)).toEqual([
      dec('4.250'),
      null,
    ]);
    expect(after.texts.slice(-2)).toEqual([
      progressMove('sent', 'sync'),
      statusMove({ code: null, desc: null }, { code: 'RCV', desc: 'Receiving' }),
    ]);

    // The same event again, signed afresh: a replay, refused, and nothing changes.
    const replay = await post(event);
    expect(replay).toEqual({
      status: 409,
      body: { failure: { code: 'wms_event_duplicate', details: { event_id: eventId } } },
    });
    expect(await snapshotOf('purch', headId)).toEqual(after);
  });

  it('keeps the warehouse’s number of an order from its events: in the view, the list and the exports', async () => {
    const headId = await sentOrder();
    expect((await snapshotOf('purch', headId)).view).toMatchObject({
      external_code: null,
      warehouse_code: null,
    });
    const numbered = await post({
      event_id: nextEventId(),
      order: { kind: 'purch', head_id: headId },
      warehouse_code: 'WMS-4711',
    });
    expect(numbered.status).toBe(200);
    const after = await snapshotOf('purch', headId);
    // A number alone is no work reported: the order stays sent.
    expect(after.view).toMatchObject({ progress: 'sent', external_code: null, warehouse_code: 'WMS-4711' });
    const list = await app.call(orders.purch.listOrders, { count: 1000 }, token);
    const row = list.body.items.find((item: { head_id: number }) => item.head_id === headId);
    expect(row).toMatchObject({ warehouse_code: 'WMS-4711' });

    // The warehouse renumbers it.
    await post({
      event_id: nextEventId(),
      order: { kind: 'purch', head_id: headId },
      warehouse_code: 'WMS-4712',
    });
    expect((await snapshotOf('purch', headId)).view.warehouse_code).toBe('WMS-4712');

    for (const exported of [orders.purch.exportOrders, orders.purch.exportLines]) {
      const file = await app.app.inject({
        method: 'POST',
        url: `/api${exported.path}`,
        payload: { filters: { progress: 'sent' }, format: 'csv', csv_style: 'machine' },
        headers: {
          authorization: `SessionCode ${token}`,
          'content-type': 'application/json',
          'accept-language': 'en',
        },
      });
      expect(file.statusCode).toBe(200);
      const [header = [], ...rows] = parse(file.payload, { bom: true }) as string[][];
      // Its own column, the last: readers by position keep reading the others.
      expect(header.at(-1)).toBe('Warehouse number');
      expect(rows.map((cells) => cells.at(-1))).toContain('WMS-4712');
    }

    // A number without an order, or longer than a code, is refused; nothing changes.
    const orphan = await post({ event_id: nextEventId(), warehouse_code: 'WMS-1' });
    expect(orphan.status).toBe(400);
    const long = await post({
      event_id: nextEventId(),
      order: { kind: 'purch', head_id: headId },
      warehouse_code: 'W'.repeat(101),
    });
    expect(long.status).toBe(400);
    expect((await snapshotOf('purch', headId)).view.warehouse_code).toBe('WMS-4712');
  });

  it('refuses a bad signature, a missing one, or one made with another secret, and changes nothing', async () => {
    const headId = await sentOrder();
    const before = await snapshotOf('purch', headId);
    const event = {
      event_id: nextEventId(),
      order: { kind: 'purch', head_id: headId },
      progress: 'failure',
      reason: 'x',
    };
    const refusals = [
      await post(event, { secret: 'another-secret-of-some-length' }),
      await post(event, { signature: 'sha256=00' }),
      await post(event, { signature: '' }),
      // Signed, then changed on the way.
      await post(event, {
        signature: signWms(
          SECRET,
          String(Math.floor(Date.now() / 1000)),
          JSON.stringify({ ...event, reason: 'y' }),
        ),
      }),
    ];
    for (const refusal of refusals) {
      expect(refusal).toEqual({ status: 401, body: { failure: { code: 'wms_signature_invalid' } } });
    }
    const unsigned = await app.app.inject({
      method: 'POST',
      url: '/api/wms/events',
      payload: event,
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await snapshotOf('purch', headId)).toEqual(before);
  });

  it('refuses a timestamp older or newer than five minutes, even correctly signed', async () => {
    const headId = await sentOrder();
    const before = await snapshotOf('purch', headId);
    const event = {
      event_id: nextEventId(),
      order: { kind: 'purch', head_id: headId },
      status: { code: 'X', desc: null },
    };
    const now = Math.floor(Date.now() / 1000);
    // Well past the limit: the server reads its clock a moment after the test does.
    for (const timestamp of [now - 310, now + 310]) {
      expect(await post(event, { timestamp })).toEqual({
        status: 401,
        body: { failure: { code: 'wms_timestamp_stale' } },
      });
    }
    expect(await snapshotOf('purch', headId)).toEqual(before);
    expect((await post(event, { timestamp: now - 250 })).status).toBe(200);
  });

  it('refuses an unknown order, another kind, an unknown SKU: nothing changes, the id is not spent', async () => {
    const headId = await sentOrder();
    const before = await snapshotOf('purch', headId);
    const eventId = nextEventId();
    const status = { code: 'RCV', desc: 'Receiving' };
    const unknownOrder = await post({
      event_id: eventId,
      order: { kind: 'purch', head_id: 999_999 },
      status,
    });
    expect(unknownOrder).toEqual({
      status: 422,
      body: {
        failure: { code: 'wms_order_unknown', details: { order: { kind: 'purch', head_id: 999_999 } } },
      },
    });
    const otherKind = await post({
      event_id: eventId,
      order: { kind: 'sales', head_id: headId + 100_000 },
      status,
    });
    expect(otherKind.body.failure.code).toBe('wms_order_unknown');
    const unknownSku = await post({
      event_id: eventId,
      order: { kind: 'purch', head_id: headId },
      status,
      lines: [
        { sku: world.skus[0]!.externalCode, qty: dec('1') },
        { sku: 'NO-SUCH-SKU', qty: dec('1') },
      ],
    });
    expect(unknownSku).toEqual({
      status: 422,
      body: {
        failure: {
          code: 'wms_sku_unknown',
          details: { order: { kind: 'purch', head_id: headId }, skus: ['NO-SUCH-SKU'] },
        },
      },
    });
    // The SKU of the third line exists, but is not on this order.
    const notOnOrder = await post({
      event_id: eventId,
      order: { kind: 'purch', head_id: headId },
      lines: [{ sku: world.skus[2]!.externalCode, qty: dec('1') }],
    });
    expect(notOnOrder.body.failure.code).toBe('wms_sku_unknown');
    expect(await snapshotOf('purch', headId)).toEqual(before);

    // Corrected, the same event id is applied.
    expect(
      (await post({ event_id: eventId, order: { kind: 'purch', head_id: headId }, status })).status,
    ).toBe(200);
  });

  it('refuses status for an order the warehouse has not taken, and progress moves it cannot make', async () => {
    const draftId = await insertCompleteDraft(db(), 'sales', world);
    const before = await snapshotOf('sales', draftId);
    const answer = await post({
      event_id: nextEventId(),
      order: { kind: 'sales', head_id: draftId },
      status: { code: 'PCK', desc: 'Picking' },
    });
    expect(answer).toEqual({
      status: 422,
      body: {
        failure: {
          code: 'wms_order_state',
          details: { order: { kind: 'sales', head_id: draftId }, progress: 'draft' },
        },
      },
    });
    const sent = await post({
      event_id: nextEventId(),
      order: { kind: 'sales', head_id: draftId },
      progress: 'sent',
    });
    expect(sent.body.failure.code).toBe('wms_order_state');
    expect(await snapshotOf('sales', draftId)).toEqual(before);
  });

  it('takes an order the warehouse refused later into failure with its reason', async () => {
    const headId = await sentOrder('sales');
    const response = await post({
      event_id: nextEventId(),
      order: { kind: 'sales', head_id: headId },
      progress: 'failure',
      reason: 'Customer address is outside the delivery zones',
      status: { code: 'CNL', desc: 'Cancelled' },
    });
    expect(response.status).toBe(200);
    const after = await snapshotOf('sales', headId);
    expect(after.view).toMatchObject({
      progress: 'failure',
      failure_reason: 'Customer address is outside the delivery zones',
      status: { code: 'CNL', desc: 'Cancelled' },
    });
    expect(after.texts.slice(-2)).toEqual([
      progressMove('sent', 'failure'),
      statusMove({ code: null, desc: null }, { code: 'CNL', desc: 'Cancelled' }),
    ]);
  });

  it('marks a ready order sent when the warehouse says so, and its queued send is not made', async () => {
    const headId = await insertCompleteDraft(db(), 'purch', world);
    await app.call(orders.purch.setReady, { head_id: headId }, token);
    expect(
      (await post({ event_id: nextEventId(), order: { kind: 'purch', head_id: headId }, progress: 'sent' }))
        .status,
    ).toBe(200);
    const recorder = recordingConnector();
    await processSendJobs(db(), recorder.connector, WORKER);
    expect(recorder.sends).toEqual([]);
    const [job] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.key, `purch:${headId}`));
    expect(job!.doneAt).not.toBeNull();
    expect((await snapshotOf('purch', headId)).texts.at(-1)).toEqual(progressMove('ready', 'sent'));
  });

  it('applies stock movements and snapshots of a consignee, reporting what could not be taken', async () => {
    const sku = world.skus[1]!;
    await db().delete(stockRows).where(eq(stockRows.skuId, sku.id));
    await createStockRow(db(), {
      consigneeId: world.consignee.id,
      skuId: sku.id,
      qty: '2.000',
      uomId: world.refs.pcsId,
      batch: 'L1',
      expiryDate: '2030-01-01',
    });
    const stock = (movements: unknown[]) => ({
      event_id: nextEventId(),
      stock: { consignee_id: world.consignee.id, movements },
    });
    const moved = await post(
      stock([
        {
          sku: sku.externalCode,
          qty: dec('5'),
          uom: 'pcs',
          location: locationLabel,
          batch: 'L2',
          expiry_date: { $date: '2031-01-01' },
        },
        { sku: sku.externalCode, qty: dec('-3.5'), uom: 'pcs' },
        { sku: sku.externalCode, qty: dec('-4'), uom: 'pcs' },
      ]),
    );
    // 2 + 5 in, 3.5 out (the earlier expiry first), then 4 asked but 3.5 left.
    expect(moved.body.shortages).toEqual([{ sku: sku.externalCode, qty: dec('0.500') }]);
    expect(await db().select().from(stockRows).where(eq(stockRows.skuId, sku.id))).toEqual([]);

    const snapshot = await post({
      event_id: nextEventId(),
      stock: {
        consignee_id: world.consignee.id,
        snapshot: [
          {
            sku: sku.externalCode,
            qty: dec('12'),
            uom: 'pcs',
            location: locationLabel,
            batch: 'S1',
            mfg_date: { $date: '2026-01-01' },
            status: { code: 'QC', desc: 'Quality control' },
            sscc: '003712345000000017',
            size: '120x80',
          },
        ],
      },
    });
    expect(snapshot.status).toBe(200);
    const rows = await db().select().from(stockRows).where(eq(stockRows.skuId, sku.id));
    expect(rows).toEqual([
      expect.objectContaining({
        qty: '12.000',
        batch: 'S1',
        statusDesc: 'Quality control',
        mfgDate: '2026-01-01',
      }),
    ]);
  });

  it("refuses stock of another consignee's SKU, an unknown location or unit, and changes nothing", async () => {
    const company = await createCompany(db());
    const consignee = await createConsignee(db(), { companyId: company.id });
    const foreign = await createSku(db(), { consigneeId: consignee.id });
    const before = await db().select().from(stockRows).orderBy(stockRows.id);
    const move = (row: Record<string, unknown>) => ({
      event_id: nextEventId(),
      stock: {
        consignee_id: world.consignee.id,
        movements: [
          { sku: world.skus[0]!.externalCode, qty: dec('1'), uom: 'pcs', location: locationLabel },
          row,
        ],
      },
    });
    const foreignSku = await post(
      move({ sku: foreign.externalCode, qty: dec('1'), uom: 'pcs', location: locationLabel }),
    );
    expect(foreignSku.body.failure).toEqual({
      code: 'wms_sku_unknown',
      details: { consignee_id: world.consignee.id, skus: [foreign.externalCode] },
    });
    const place = await post(
      move({ sku: world.skus[0]!.externalCode, qty: dec('1'), uom: 'pcs', location: 'Nowhere' }),
    );
    expect(place.body.failure.code).toBe('wms_location_unknown');
    const unit = await post(
      move({ sku: world.skus[0]!.externalCode, qty: dec('1'), uom: 'barrels', location: locationLabel }),
    );
    expect(unit.body.failure.code).toBe('wms_uom_unknown');
    const noConsignee = await post({
      event_id: nextEventId(),
      stock: { consignee_id: 999_999, movements: [] },
    });
    expect(noConsignee.status).toBe(422);
    expect(noConsignee.body.failure.code).toBe('wms_consignee_unknown');
    expect(await db().select().from(stockRows).orderBy(stockRows.id)).toEqual(before);
  });

  it('refuses a malformed body after the signature, as malformed_api_request', async () => {
    const notJson = await post(undefined, { raw: '{"event_id": ' });
    expect(notJson).toEqual({
      status: 400,
      body: { failure: { code: 'malformed_api_request', details: 'body is not JSON' } },
    });
    const floats = await post({
      event_id: nextEventId(),
      order: { kind: 'purch', head_id: 1 },
      lines: [{ sku: 'A', qty: 1.5 }],
    });
    expect(floats.status).toBe(400);
    expect(floats.body.failure.code).toBe('malformed_api_request');
    const failureWithoutReason = await post({
      event_id: nextEventId(),
      order: { kind: 'purch', head_id: 1 },
      progress: 'failure',
    });
    expect(failureWithoutReason.status).toBe(400);
  });

  it('is closed while WMS_SECRET is not set', async () => {
    const deps = { ...app.deps, config: { ...app.deps.config, WMS_SECRET: undefined } };
    const raw = Buffer.from(JSON.stringify({ event_id: 'x' }));
    await expect(receiveWmsEvent(deps, { body: raw })).rejects.toEqual(new WmsRefusal('wms_not_configured'));
  });
});
