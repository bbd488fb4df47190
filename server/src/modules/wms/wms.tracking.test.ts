import { orders, today, wms } from '@extranet/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createOrderWorld, insertOrder, type OrderWorld } from '../../test/orders.factories';
import {
  createWmsWorld,
  drainReports,
  insertCompleteDraft,
  postWmsEvent,
  recordingConnector,
  testSimulator,
  WORKER,
} from '../../test/wms.factories';
import { processSendJobs } from './wms.sends';
import { SIMULATED_CARRIER } from './wms.simulator';

const SECRET = 'a-test-secret-of-some-length';
const TRACKING_URLS = JSON.stringify({
  dhl: 'https://www.dhl.example/track?id={number}',
  'Omniva ': 'https://omniva.example/track/{number}',
});

let app: TestApp;
let world: OrderWorld;
let token: string;
let eventSequence = 0;
const nextEventId = () => `tracking-${++eventSequence}`;

beforeAll(async () => {
  app = await createTestApp({
    WMS_SECRET: SECRET,
    TRACKING_URLS: loadConfig({ TRACKING_URLS }).TRACKING_URLS,
  });
  world = await createWmsWorld(app.deps.db);
  token = await loginAs(app, world.user);
});

const post = (body: unknown) => postWmsEvent(app, SECRET, body);

/** An order the warehouse has taken (progress sent), through the real send path. */
async function sentOrder(kind: 'purch' | 'sales') {
  const headId = await insertCompleteDraft(app.deps.db, kind, world, [
    { skuIndex: 0, qty: '5' },
    { skuIndex: 1, qty: '7' },
  ]);
  const calls = kind === 'purch' ? orders.purch : orders.sales;
  expect((await app.call(calls.setReady, { head_id: headId }, token)).body.failure).toBeUndefined();
  await processSendJobs(app.deps.db, recordingConnector().connector, WORKER);
  return headId;
}

const view = async (kind: 'purch' | 'sales', headId: number) =>
  (
    await app.call(
      kind === 'purch' ? orders.purch.viewOrder : orders.sales.viewOrder,
      { head_id: headId },
      token,
    )
  ).body;

describe('shipment and receipt in warehouse events', () => {
  it('stores a sales order shipment, moves it to sync and shows it in the order view', async () => {
    const headId = await sentOrder('sales');
    const response = await post({
      event_id: nextEventId(),
      order: { kind: 'sales', head_id: headId },
      status: { code: 'SHP', desc: 'Shipped' },
      shipment: {
        carrier: 'DHL',
        tracking_numbers: ['JD014600006281', ' JD014600006282 ', 'JD014600006281'],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.order.progress).toBe('sync');
    expect(await view('sales', headId)).toMatchObject({
      carrier: 'DHL',
      tracking_numbers: ['JD014600006281', 'JD014600006282'],
      delivered_on: null,
      delivery_signer: null,
    });
  });

  it('keeps what a later event leaves out, and clears what it sends as null', async () => {
    const headId = await sentOrder('sales');
    await post({
      event_id: nextEventId(),
      order: { kind: 'sales', head_id: headId },
      shipment: { carrier: 'omniva', tracking_numbers: ['CC123456789EE'], signed_by: 'Front desk' },
    });
    await post({
      event_id: nextEventId(),
      order: { kind: 'sales', head_id: headId },
      status: { code: 'DLV', desc: 'Delivered' },
      shipment: { delivered_on: { $date: '2026-11-20' }, signed_by: 'Jānis Bērziņš' },
    });
    expect(await view('sales', headId)).toMatchObject({
      carrier: 'omniva',
      tracking_numbers: ['CC123456789EE'],
      delivered_on: { $date: '2026-11-20' },
      delivery_signer: 'Jānis Bērziņš',
      status: { code: 'DLV', desc: 'Delivered' },
    });
    await post({
      event_id: nextEventId(),
      order: { kind: 'sales', head_id: headId },
      shipment: { tracking_numbers: null, signed_by: null },
    });
    expect(await view('sales', headId)).toMatchObject({
      carrier: 'omniva',
      tracking_numbers: [],
      delivered_on: { $date: '2026-11-20' },
      delivery_signer: null,
    });
  });

  it('stores the receipt date of a purchase order with its received quantities', async () => {
    const headId = await sentOrder('purch');
    const response = await post({
      event_id: nextEventId(),
      order: { kind: 'purch', head_id: headId },
      status: { code: 'DONE', desc: 'Received' },
      lines: [{ sku: world.skus[0]!.externalCode, qty: { $decimal: '4' } }],
      receipt: { received_on: { $date: '2026-11-21' } },
    });
    expect(response.status).toBe(200);
    const order = await view('purch', headId);
    expect(order.received_on).toEqual({ $date: '2026-11-21' });
    expect(order.lines.map((line: orders.PurchLine) => line.received_qty)).toEqual([
      { $decimal: '4.000' },
      null,
    ]);
  });

  it.each([
    [
      'a shipment of a purchase order',
      { order: { kind: 'purch', head_id: 1 }, shipment: { carrier: 'DHL' } },
    ],
    ['a receipt of a sales order', { order: { kind: 'sales', head_id: 1 }, receipt: { received_on: null } }],
    ['a shipment without an order', { shipment: { carrier: 'DHL' } }],
    [
      'a tracking number with a space',
      { order: { kind: 'sales', head_id: 1 }, shipment: { tracking_numbers: ['AB 12'] } },
    ],
    [
      'more tracking numbers than allowed',
      {
        order: { kind: 'sales', head_id: 1 },
        shipment: {
          tracking_numbers: Array.from({ length: wms.MAX_TRACKING_NUMBERS + 1 }, (_, i) => `N${i}`),
        },
      },
    ],
    ['an unknown shipment field', { order: { kind: 'sales', head_id: 1 }, shipment: { eta: 'soon' } }],
  ])('refuses %s as malformed', async (_label, parts) => {
    const response = await post({ event_id: nextEventId(), ...parts });
    expect(response.status).toBe(400);
    expect(response.body.failure.code).toBe('malformed_api_request');
  });

  it('refuses a shipment of an order the warehouse has not taken, and changes nothing', async () => {
    const headId = await insertCompleteDraft(app.deps.db, 'sales', world);
    const response = await post({
      event_id: nextEventId(),
      order: { kind: 'sales', head_id: headId },
      shipment: { carrier: 'DHL', tracking_numbers: ['X1'] },
    });
    expect(response.status).toBe(422);
    expect(response.body.failure.code).toBe('wms_order_state');
    expect(await view('sales', headId)).toMatchObject({
      progress: 'draft',
      carrier: null,
      tracking_numbers: [],
    });
  });
});

describe('the simulated warehouse', () => {
  async function throughSimulator(kind: 'purch' | 'sales') {
    const headId = await insertCompleteDraft(app.deps.db, kind, world);
    const calls = kind === 'purch' ? orders.purch : orders.sales;
    expect((await app.call(calls.setReady, { head_id: headId }, token)).body.failure).toBeUndefined();
    await processSendJobs(app.deps.db, testSimulator(app.deps.db), WORKER);
    await drainReports(app.deps.db);
    return view(kind, headId);
  }

  it('ships a sales order with a tracking number, then reports its delivery', async () => {
    const order = await throughSimulator('sales');
    expect(order).toMatchObject({
      status: { code: 'DLV' },
      carrier: SIMULATED_CARRIER,
      tracking_numbers: [`JD0146${String(order.head_id).padStart(8, '0')}`],
      delivered_on: { $date: today() },
      delivery_signer: world.customer.name,
    });
  });

  it('reports the receipt date of a purchase order', async () => {
    const order = await throughSimulator('purch');
    expect(order).toMatchObject({ status: { code: 'DONE' }, received_on: { $date: today() } });
  });
});

describe('the sales list filter "shipped without tracking"', () => {
  let clerk: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const db = app.deps.db;
    // A company of its own, so that the orders of the tests above stay out of its lists.
    const own = await createOrderWorld(db);
    const other = await createOrderWorld(db);
    clerk = await loginAs(app, own.user);
    const shipped = (status: string, values: Record<string, unknown> = {}) =>
      insertOrder(db, 'sales', {
        consigneeId: own.consignee.id,
        customerId: own.customer.id,
        progress: 'sync',
        statusCode: status,
        statusDesc: status,
        ...values,
      });
    ids.shipped = await shipped('SHP');
    ids.delivered = await shipped('DLV');
    ids.tracked = await shipped('SHP', { carrier: 'DHL', trackingNumbers: ['JD1'] });
    ids.picking = await shipped('PCK');
    ids.pickedUp = await shipped('DLV', { selfPicking: true });
    ids.excluded = await shipped('SHP', { excludedAt: new Date() });
    ids.otherCompany = await insertOrder(db, 'sales', {
      consigneeId: other.consignee.id,
      progress: 'sync',
      statusCode: 'SHP',
    });
  });

  it('lists the shipped and delivered orders without a tracking number, and counts them', async () => {
    const response = await app.call(
      orders.sales.listOrders,
      { filters: { shipped_without_tracking: true }, count: 100, with_total: true },
      clerk,
    );
    expect(response.status).toBe(200);
    const listed = response.body.items.map((row: orders.SalesOrderRow) => row.sales_head_id);
    expect(listed.sort()).toEqual([ids.shipped, ids.delivered].sort());
    expect(response.body.total).toBe(2);
  });

  it('finds an order again once tracking is cleared, and drops it once a number comes', async () => {
    const headId = await sentOrder('sales');
    await post({
      event_id: nextEventId(),
      order: { kind: 'sales', head_id: headId },
      status: { code: 'SHP', desc: null },
    });
    const listed = async () =>
      (
        await app.call(
          orders.sales.listOrders,
          { filters: { shipped_without_tracking: true }, count: 100 },
          token,
        )
      ).body.items.map((row: orders.SalesOrderRow) => row.sales_head_id);
    expect(await listed()).toContain(headId);
    await post({
      event_id: nextEventId(),
      order: { kind: 'sales', head_id: headId },
      shipment: { carrier: 'DHL', tracking_numbers: ['JD2'] },
    });
    expect(await listed()).not.toContain(headId);
  });

  it('is a filter of sales lists only', async () => {
    const response = await app.call(
      orders.purch.listOrders,
      { filters: { shipped_without_tracking: true } },
      token,
    );
    expect(response.status).toBe(400);
  });
});

describe('tracking pages of carriers (TRACKING_URLS)', () => {
  it('are given to the web app by carrier code in upper case', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/config.json' });
    expect(response.json().TRACKING_URLS).toEqual({
      DHL: 'https://www.dhl.example/track?id={number}',
      OMNIVA: 'https://omniva.example/track/{number}',
    });
  });

  it('make a link of a number whatever the case of the carrier, with the number encoded', () => {
    const templates = loadConfig({ TRACKING_URLS }).TRACKING_URLS;
    expect(wms.trackingUrl(templates, 'Dhl', 'JD 01/4&x')).toBe(
      'https://www.dhl.example/track?id=JD%2001%2F4%26x',
    );
    expect(wms.trackingUrl(templates, 'UPS', '1Z999')).toBeNull();
    expect(wms.trackingUrl(templates, null, '1Z999')).toBeNull();
  });

  it.each([
    ['not JSON', 'DHL=https://x/{number}'],
    ['a list', '["https://x/{number}"]'],
    ['a template without {number}', '{"DHL": "https://x/track"}'],
    ['a template that is not a web address', '{"DHL": "javascript:alert({number})"}'],
    ['an empty carrier code', '{" ": "https://x/{number}"}'],
  ])('refuse %s at start', (_label, value) => {
    expect(() => loadConfig({ TRACKING_URLS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRACKING_URLS: value })).toThrow(/^Invalid configuration: TRACKING_URLS: /);
  });
});
