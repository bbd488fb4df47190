import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { discussions, notifications, orders, webhooks } from '@extranet/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, purchHeads, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import type { OrderWorld } from '../../test/orders.factories';
import { createWmsWorld, insertCompleteDraft, postWmsEvent } from '../../test/wms.factories';
import { type DeliveryOptions, processWebhookDeliveries } from './webhooks.delivery';
import { forgetOldEvents } from './webhooks.repository';
import { isValidWebhookSignature } from './webhooks.signature';

const WMS_SECRET = 'shared-secret-with-the-warehouse';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  raw: string;
  body: Record<string, any>;
}

/** A client's system on a real port: records every request and answers as the test says. */
const receiver = {
  received: [] as Received[],
  /** The HTTP status to answer; null leaves the request without an answer (a timeout). */
  status: (_request: Received): number | null => 200,
};
const hanging: ServerResponse[] = [];
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    const received = { path: request.url ?? '', headers: request.headers, raw, body: JSON.parse(raw) };
    receiver.received.push(received);
    const status = receiver.status(received);
    if (status === null) hanging.push(response);
    else response.writeHead(status).end('ok');
  });
});

let app: TestApp;
let base: string;
let options: DeliveryOptions;
let world: OrderWorld;
let other: OrderWorld;
let manager: { token: string; id: number };
let otherManager: { token: string; id: number };
let clerkToken: string;
/** The outcomes the delivery worker recorded (the metrics' counter), in order. */
let counted: string[] = [];

const db = () => app.deps.db;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  app = await createTestApp({ WMS_SECRET, WEBHOOK_ALLOWED_HOSTS: [`127.0.0.1:${port}`] });
  options = {
    secretKey: app.deps.secretKey,
    allowedHosts: [`127.0.0.1:${port}`],
    timeoutMs: 300,
    retryBaseMs: 10_000,
    random: () => 0,
    countOutcome: (outcome) => counted.push(outcome),
  };
  world = await createWmsWorld(db());
  other = await createWmsWorld(db());
  const makeManager = async (companyId: number) => {
    const user = await createUser(db(), {
      roleId: 7,
      permissions: ['umgr', 'pord', 'sord', 'stck'],
      companyIds: [companyId],
      notificationTypes: ['prvt'],
    });
    return { token: await loginAs(app, user), id: user.id };
  };
  manager = await makeManager(world.company.id);
  otherManager = await makeManager(other.company.id);
  clerkToken = await loginAs(app, world.user);
});

afterAll(async () => {
  for (const response of hanging) response.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(async () => {
  receiver.received = [];
  receiver.status = () => 200;
  counted = [];
  // Each test starts with no endpoint: earlier tests' deliveries do not reach this one's.
  await db().delete(webhookEndpoints);
  await db()
    .update(jobs)
    .set({ cancelledAt: sql`now()` })
    .where(and(eq(jobs.kind, 'webhook-delivery'), isNull(jobs.doneAt), isNull(jobs.cancelledAt)));
});

async function addEndpoint(
  token: string,
  companyId: number,
  path: string,
  events: webhooks.WebhookEventType[] = [...webhooks.WEBHOOK_EVENT_TYPES],
) {
  const response = await app.call(
    webhooks.addEndpoint,
    { company_id: companyId, url: `${base}${path}`, events },
    token,
  );
  expect(response.body.failure).toBeUndefined();
  return response.body as { endpoint_id: number; secret: string };
}

/** Every due delivery, round after round, until none is left due. */
async function deliverAll() {
  for (let round = 0; round < 20; round++) {
    if ((await processWebhookDeliveries(db(), options)) === 0) return;
  }
}

/** Brings the next attempt of every waiting delivery to now: time passes through due dates. */
async function makeDue() {
  await db()
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(and(eq(jobs.kind, 'webhook-delivery'), isNull(jobs.doneAt), isNull(jobs.cancelledAt)));
}

async function deliveries(token: string, endpointId: number) {
  const response = await app.call(webhooks.listDeliveries, { endpoint_id: endpointId, count: 100 }, token);
  expect(response.body.failure).toBeUndefined();
  return response.body.items as any[];
}

async function readyOrder(token = clerkToken, target = world) {
  const headId = await insertCompleteDraft(db(), 'purch', target);
  const ready = await app.call(orders.purch.setReady, { head_id: headId }, token);
  expect(ready.body.failure).toBeUndefined();
  return headId;
}

describe('endpoints', () => {
  it('shows the secret once, at registration, and never in the list', async () => {
    const { endpoint_id, secret } = await addEndpoint(manager.token, world.company.id, '/hooks');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await app.call(webhooks.listEndpoints, { with_total: true }, manager.token);
    expect(list.body.total).toBe(1);
    expect(list.body.items[0]).toMatchObject({
      endpoint_id,
      url: `${base}/hooks`,
      status: 'active',
      company: { company_id: world.company.id },
      owner: { user_id: manager.id },
    });
    expect(JSON.stringify(list.body)).not.toContain(secret);
    const stored = await db().select({ secret: webhookEndpoints.secret }).from(webhookEndpoints);
    expect(stored[0]!.secret).not.toContain(secret.slice(6));
  });

  it('takes http only to the hosts the operator allows, and no private or local address', async () => {
    const refused = async (url: string) =>
      (
        await app.call(
          webhooks.addEndpoint,
          { company_id: world.company.id, url, events: ['stock.changed'] },
          manager.token,
        )
      ).body.failure;
    expect(await refused('http://example.com/hook')).toMatchObject({
      code: 'webhook_url_not_allowed',
      details: { reason: 'insecure_scheme' },
    });
    expect(await refused('http://127.0.0.2/hook')).toMatchObject({ details: { reason: 'insecure_scheme' } });
    expect(await refused('https://127.0.0.2/hook')).toMatchObject({ details: { reason: 'private_address' } });
    expect(await refused('https://10.1.2.3/hook')).toMatchObject({ details: { reason: 'private_address' } });
    expect(await refused('https://[::1]/hook')).toMatchObject({ details: { reason: 'private_address' } });
    expect(await refused('https://erp.internal/hook')).toMatchObject({ details: { reason: 'local_name' } });
    expect(await refused('https://user:pw@example.com/hook')).toMatchObject({
      details: { reason: 'credentials' },
    });
    expect(await refused('https://erp.example.com/hook')).toBeUndefined();
    expect(await refused(`${base}/allowed`)).toBeUndefined();
    const malformed = await app.call(
      webhooks.addEndpoint,
      { company_id: world.company.id, url: 'ftp://example.com/', events: ['stock.changed'] },
      manager.token,
    );
    expect(malformed.status).toBe(400);
    const noEvents = await app.call(
      webhooks.addEndpoint,
      { company_id: world.company.id, url: 'https://example.com/', events: [] },
      manager.token,
    );
    expect(noEvents.status).toBe(400);
    // The rule of the server's own sending, without the operator's list: not even loopback.
    expect(webhooks.webhookUrlProblem(`${base}/x`, [])).toBe('insecure_scheme');
    expect(webhooks.webhookUrlProblem(`${base}/x`, ['127.0.0.1:*'])).toBeNull();
  });

  it('is managed with umgr only', async () => {
    const response = await app.call(webhooks.listEndpoints, {}, clerkToken);
    expect(response.status).toBe(403);
  });

  it('gives a new secret on request; the old one no longer signs', async () => {
    const { endpoint_id, secret } = await addEndpoint(manager.token, world.company.id, '/rotate');
    const rotated = await app.call(
      webhooks.editEndpoint,
      { endpoint_id, rotate_secret: true },
      manager.token,
    );
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(secret);
    await readyOrder();
    await deliverAll();
    const [request] = receiver.received;
    const check = (key: string) =>
      isValidWebhookSignature({
        secret: key,
        timestamp: request!.headers[webhooks.WEBHOOK_TIMESTAMP_HEADER] as string,
        signature: request!.headers[webhooks.WEBHOOK_SIGNATURE_HEADER] as string,
        body: request!.raw,
      });
    expect(check(rotated.body.secret)).toBe(true);
    expect(check(secret)).toBe(false);
  });
});

describe('deliveries', () => {
  it('POSTs the event signed with the secret over timestamp and body, and logs it', async () => {
    const { endpoint_id, secret } = await addEndpoint(manager.token, world.company.id, '/signed');
    const headId = await readyOrder();
    await deliverAll();

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const timestamp = request!.headers[webhooks.WEBHOOK_TIMESTAMP_HEADER] as string;
    const signature = request!.headers[webhooks.WEBHOOK_SIGNATURE_HEADER] as string;
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(600);
    expect(isValidWebhookSignature({ secret, timestamp, signature, body: request!.raw })).toBe(true);
    expect(isValidWebhookSignature({ secret, timestamp, signature, body: `${request!.raw} ` })).toBe(false);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers[webhooks.WEBHOOK_EVENT_ID_HEADER]).toBe(request!.body.event_id);
    expect(request!.body).toMatchObject({
      type: 'order.progress_changed',
      time: { $datetime: expect.any(String) },
      company_id: world.company.id,
      data: {
        kind: 'purch',
        change: { old: 'draft', new: 'ready' },
        order: {
          head_id: headId,
          purch_head_id: headId,
          progress: 'ready',
          lines: [
            { ordered_qty: { $decimal: '10.000' }, sku: { external_code: world.skus[0]!.externalCode } },
          ],
        },
      },
    });
    expect(request!.body.data.order).not.toHaveProperty('can_update');
    expect(request!.body.data.order).not.toHaveProperty('problems');

    const [logged] = await deliveries(manager.token, endpoint_id);
    expect(logged).toMatchObject({
      event_id: request!.body.event_id,
      type: 'order.progress_changed',
      status: 'delivered',
      attempts: 1,
      response_code: 200,
      error: null,
    });
    expect(logged.duration_ms).toEqual(expect.any(Number));
  });

  it('retries a 500 and a timeout with growing waits, then delivers', async () => {
    const { endpoint_id } = await addEndpoint(manager.token, world.company.id, '/flaky');
    let calls = 0;
    receiver.status = () => {
      calls++;
      return calls === 1 ? 500 : calls === 2 ? null : 204;
    };
    await readyOrder();
    const waitOf = async () => {
      const [job] = await db()
        .select({ wait: sql<number>`extract(epoch from ${jobs.runAt} - now())` })
        .from(jobs)
        .where(and(eq(jobs.kind, 'webhook-delivery'), isNull(jobs.doneAt), isNull(jobs.cancelledAt)));
      return Number(job!.wait);
    };

    await deliverAll();
    let [logged] = await deliveries(manager.token, endpoint_id);
    expect(logged).toMatchObject({ status: 'pending', attempts: 1, response_code: 500, error: 'HTTP 500' });
    const firstWait = await waitOf();
    expect(firstWait).toBeGreaterThan(9);

    await makeDue();
    await deliverAll();
    [logged] = await deliveries(manager.token, endpoint_id);
    expect(logged).toMatchObject({ status: 'pending', attempts: 2, response_code: null });
    expect(logged.error).toMatch(/no answer within 300 ms/);
    expect(await waitOf()).toBeGreaterThan(19);

    await makeDue();
    await deliverAll();
    [logged] = await deliveries(manager.token, endpoint_id);
    expect(logged).toMatchObject({ status: 'delivered', attempts: 3, response_code: 204 });
    expect(receiver.received.map((request) => request.body.event_id)).toEqual([
      logged.event_id,
      logged.event_id,
      logged.event_id,
    ]);
    expect(counted).toEqual(['retry', 'retry', 'delivered']);
  });

  it('gives a delivery up once it has been retried for a day', async () => {
    const { endpoint_id } = await addEndpoint(manager.token, world.company.id, '/down');
    receiver.status = () => 503;
    await readyOrder();
    await deliverAll();
    await db()
      .update(webhookDeliveries)
      .set({ creationDate: sql`now() - interval '25 hours'` })
      .where(eq(webhookDeliveries.endpointId, endpoint_id));
    await makeDue();
    await deliverAll();
    const [logged] = await deliveries(manager.token, endpoint_id);
    expect(logged).toMatchObject({ status: 'failed', attempts: 2, response_code: 503 });
    expect(counted).toEqual(['retry', 'failed']);
    const live = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'webhook-delivery'), isNull(jobs.doneAt), isNull(jobs.cancelledAt)));
    expect(live).toHaveLength(0);
  });

  it('delivers the events of one record in order: a later one waits for the earlier one', async () => {
    await addEndpoint(manager.token, world.company.id, '/ordered');
    let failedOnce = false;
    const headId = await insertCompleteDraft(db(), 'purch', world);
    receiver.status = (request) => {
      const first = request.body.data.order.head_id === headId && request.body.data.change.new === 'ready';
      if (!first || failedOnce) return 200;
      failedOnce = true;
      return 500;
    };
    const ready = await app.call(orders.purch.setReady, { head_id: headId }, clerkToken);
    expect(ready.body.failure).toBeUndefined();
    const back = await app.call(orders.purch.setDraft, { head_id: headId }, clerkToken);
    expect(back.body.failure).toBeUndefined();
    const otherOrder = await readyOrder();

    const changesOf = (id: number) =>
      receiver.received
        .filter((request) => request.body.data.order.head_id === id)
        .map((request) => request.body.data.change.new);
    await deliverAll();
    // The first event of the order failed; its second waits, the other order's goes.
    expect(changesOf(headId)).toEqual(['ready']);
    expect(changesOf(otherOrder)).toEqual(['ready']);

    await makeDue();
    await deliverAll();
    expect(changesOf(headId)).toEqual(['ready', 'ready', 'draft']);
  });

  it('checks the address again when sending: a host the operator no longer allows is not reached', async () => {
    const { endpoint_id } = await addEndpoint(manager.token, world.company.id, '/unlisted');
    await readyOrder();
    await processWebhookDeliveries(db(), { ...options, allowedHosts: [] });
    expect(receiver.received).toEqual([]);
    const [logged] = await deliveries(manager.token, endpoint_id);
    expect(logged).toMatchObject({ status: 'pending', attempts: 1, response_code: null });
    expect(logged.error).toBe('address not allowed: insecure_scheme');
  });

  it('sends a delivered event again on request, with the same event id', async () => {
    const { endpoint_id } = await addEndpoint(manager.token, world.company.id, '/again');
    await readyOrder();
    await deliverAll();
    const [first] = await deliveries(manager.token, endpoint_id);
    const again = await app.call(webhooks.redeliver, { delivery_id: first.delivery_id }, manager.token);
    expect(again.body.failure).toBeUndefined();
    await deliverAll();
    const log = await deliveries(manager.token, endpoint_id);
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({ delivery_id: again.body.delivery_id, status: 'delivered' });
    expect(receiver.received.map((request) => request.body.event_id)).toEqual([
      first.event_id,
      first.event_id,
    ]);
  });

  it('pauses an endpoint failing for a day, gives up what it had queued and tells its owner', async () => {
    const { endpoint_id } = await addEndpoint(manager.token, world.company.id, '/broken');
    receiver.status = () => 500;
    await readyOrder();
    await readyOrder();
    await deliverAll();
    const [endpoint] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint_id));
    expect(endpoint!.failingSince).not.toBeNull();

    // A day of failures passes: its first failure is now 25 hours old, its retries due.
    await db()
      .update(webhookEndpoints)
      .set({ failingSince: sql`now() - interval '25 hours'` })
      .where(eq(webhookEndpoints.id, endpoint_id));
    await makeDue();
    await deliverAll();

    const list = await app.call(webhooks.listEndpoints, {}, manager.token);
    expect(list.body.items[0]).toMatchObject({ endpoint_id, status: 'paused' });
    expect(list.body.items[0].paused_at).not.toBeNull();
    const log = await deliveries(manager.token, endpoint_id);
    expect(log.map((delivery) => delivery.status)).toEqual(['failed', 'failed']);

    const told = await app.call(notifications.listNotifications, {}, manager.token);
    expect(told.body.items[0]).toMatchObject({
      ntfy_type: 'prvt',
      is_dict: true,
      text: { code: 'webhook_endpoint_paused', url: `${base}/broken` },
    });
    const thread = await app.call(
      discussions.getDiscussionGeneral,
      { discussion_id: told.body.items[0].discussion.discussion_id },
      manager.token,
    );
    expect(thread.body).toMatchObject({ visibility: 'private', company_id: world.company.id });
    const notToOthers = await app.call(notifications.listNotifications, {}, clerkToken);
    expect(notToOthers.body.items.some((item: any) => item.text?.code === 'webhook_endpoint_paused')).toBe(
      false,
    );

    // Paused: new events are not delivered to it, nor sent again.
    const before = receiver.received.length;
    await readyOrder();
    await deliverAll();
    expect(receiver.received).toHaveLength(before);
    const again = await app.call(webhooks.redeliver, { delivery_id: log[0].delivery_id }, manager.token);
    expect(again.body.failure).toMatchObject({ code: 'webhook_endpoint_inactive' });

    // Turned on again, it gets the next events and a fresh day.
    const on = await app.call(webhooks.editEndpoint, { endpoint_id, active: true }, manager.token);
    expect(on.body.failure).toBeUndefined();
    receiver.status = () => 200;
    await readyOrder();
    await deliverAll();
    expect(receiver.received).toHaveLength(before + 1);
    const after = await app.call(webhooks.listEndpoints, {}, manager.token);
    expect(after.body.items[0]).toMatchObject({ status: 'active', failing_since: null, paused_at: null });
  });
});

describe('events', () => {
  it("go only to the endpoints of the record's company", async () => {
    const mine = await addEndpoint(manager.token, world.company.id, '/mine');
    const theirs = await addEndpoint(otherManager.token, other.company.id, '/theirs');
    await readyOrder();
    await deliverAll();
    expect(receiver.received.map((request) => request.path)).toEqual(['/mine']);
    expect(receiver.received[0]!.body.company_id).toBe(world.company.id);

    // Nor can the other company's manager see or touch this company's endpoint or its log.
    const list = await app.call(webhooks.listEndpoints, {}, otherManager.token);
    expect(list.body.items.map((item: any) => item.endpoint_id)).toEqual([theirs.endpoint_id]);
    const filtered = await app.call(
      webhooks.listEndpoints,
      { filters: { company_id: world.company.id } },
      otherManager.token,
    );
    expect(filtered.body.items).toEqual([]);
    for (const [call, body] of [
      [webhooks.listDeliveries, { endpoint_id: mine.endpoint_id }],
      [webhooks.editEndpoint, { endpoint_id: mine.endpoint_id, active: false }],
      [webhooks.deleteEndpoint, { endpoint_id: mine.endpoint_id }],
    ] as const) {
      const response = await app.call(call, body, otherManager.token);
      expect(response.body.failure).toMatchObject({ code: 'webhook_endpoint_not_found' });
    }
    const [delivery] = await deliveries(manager.token, mine.endpoint_id);
    const redelivered = await app.call(
      webhooks.redeliver,
      { delivery_id: delivery.delivery_id },
      otherManager.token,
    );
    expect(redelivered.body.failure).toMatchObject({ code: 'webhook_delivery_not_found' });
    const added = await app.call(
      webhooks.addEndpoint,
      { company_id: world.company.id, url: 'https://example.com/', events: ['stock.changed'] },
      otherManager.token,
    );
    expect(added.body.failure).toMatchObject({ code: 'company_not_permitted' });
  });

  it('follow what each endpoint chose', async () => {
    await addEndpoint(manager.token, world.company.id, '/stock-only', ['stock.changed']);
    await readyOrder();
    await deliverAll();
    expect(receiver.received).toEqual([]);
  });

  it("come from the warehouse's reports: status, quantities and stock, in the change's order", async () => {
    await addEndpoint(manager.token, world.company.id, '/warehouse');
    const headId = await insertCompleteDraft(db(), 'purch', world, [{ skuIndex: 0, qty: '5.000' }]);
    await db().update(purchHeads).set({ progress: 'sent' }).where(eq(purchHeads.id, headId));
    const sku = world.skus[0]!.externalCode;
    const applied = await postWmsEvent(app, WMS_SECRET, {
      event_id: `wh-${headId}`,
      order: { kind: 'purch', head_id: headId },
      status: { code: 'DONE', desc: 'Received' },
      lines: [{ sku, qty: { $decimal: '4.000' } }],
      stock: { movements: [{ sku, qty: { $decimal: '4.000' }, uom: 'pcs' }] },
    });
    expect(applied.status).toBe(200);
    await deliverAll();
    const types = receiver.received.map((request) => request.body.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'order.progress_changed',
        'order.status_changed',
        'order.quantities_reported',
        'stock.changed',
      ]),
    );
    const byType = (type: string) =>
      receiver.received.find((request) => request.body.type === type)!.body.data;
    expect(byType('order.status_changed')).toMatchObject({
      change: { old: { code: null }, new: { code: 'DONE', desc: 'Received' } },
      order: { head_id: headId, status: { code: 'DONE' } },
    });
    expect(byType('order.quantities_reported')).toMatchObject({
      skus: [sku],
      order: { lines: [{ received_qty: { $decimal: '4.000' } }] },
    });
    expect(byType('stock.changed')).toMatchObject({
      sku: { sku_id: world.skus[0]!.id, external_code: sku },
      rows: [{ qty: { $decimal: '4.000' }, uom: { name: 'pcs' } }],
      more: false,
    });
    // One order's events arrive in the order they happened: sync before the status it reports.
    const orderEvents = receiver.received
      .filter((request) => request.body.type.startsWith('order.'))
      .map((request) => request.body.type);
    expect(orderEvents).toEqual([
      'order.progress_changed',
      'order.status_changed',
      'order.quantities_reported',
    ]);

    // A refused report changes nothing and tells nothing.
    receiver.received = [];
    const refused = await postWmsEvent(app, WMS_SECRET, {
      event_id: `wh-${headId}-bad`,
      order: { kind: 'purch', head_id: headId },
      status: { code: 'XX', desc: 'Other' },
      lines: [{ sku: 'NO-SUCH-SKU', qty: { $decimal: '1.000' } }],
    });
    expect(refused.status).toBe(422);
    await deliverAll();
    expect(receiver.received).toEqual([]);
  });

  it("tell of comments in the company's broadcasts and orders, never in private discussions", async () => {
    await addEndpoint(manager.token, world.company.id, '/comments', ['discussion.comment_added']);
    const broadcast = await app.call(
      discussions.addDiscussionBroadcast,
      { company_id: world.company.id, name: 'News', text: 'Hello everyone', users: [], files: [] },
      manager.token,
    );
    expect(broadcast.body.failure).toBeUndefined();
    const secret = await app.call(
      discussions.addDiscussionPrivate,
      { company_id: world.company.id, name: 'Between us', text: 'Private words', users: [], files: [] },
      manager.token,
    );
    expect(secret.body.failure).toBeUndefined();
    const headId = await insertCompleteDraft(db(), 'purch', world);
    const onOrder = await app.call(
      discussions.addCommentPurch,
      { purch_head_id: headId, text: 'About the order' },
      clerkToken,
    );
    expect(onOrder.body.failure).toBeUndefined();
    await deliverAll();
    // Two records (two discussions) go side by side: in either order.
    expect(receiver.received.map((request) => request.body.data.comment.text).sort()).toEqual([
      'About the order',
      'Hello everyone',
    ]);
    const onOrderEvent = receiver.received.find(
      (request) => request.body.data.comment.text === 'About the order',
    );
    expect(onOrderEvent!.body.data).toMatchObject({
      discussion: { visibility: 'order', order: { kind: 'purch', head_id: headId } },
      comment: { is_dict: false, user: { user_id: world.user.id } },
    });
  });
});

describe('the delivery log', () => {
  it('keeps 30 days: older events, their deliveries and their ended jobs are forgotten', async () => {
    const { endpoint_id } = await addEndpoint(manager.token, world.company.id, '/kept');
    await readyOrder();
    await readyOrder();
    await deliverAll();
    const [old, recent] = await db()
      .select({ id: webhookDeliveries.id, eventId: webhookDeliveries.eventId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint_id))
      .orderBy(webhookDeliveries.id);
    await db()
      .update(webhookEvents)
      .set({ creationDate: sql`now() - interval '31 days'` })
      .where(eq(webhookEvents.id, old!.eventId));
    await db()
      .update(webhookDeliveries)
      .set({ creationDate: sql`now() - interval '31 days'` })
      .where(eq(webhookDeliveries.id, old!.id));
    await db()
      .update(jobs)
      .set({ doneAt: sql`now() - interval '31 days'` })
      .where(and(eq(jobs.kind, 'webhook-delivery'), eq(jobs.key, String(old!.id))));
    expect((await deliveries(manager.token, endpoint_id)).map((row) => row.delivery_id)).toEqual([
      recent!.id,
    ]);

    await forgetOldEvents(db(), webhooks.DELIVERY_LOG_DAYS);
    const left = await db().select({ id: webhookDeliveries.id }).from(webhookDeliveries);
    expect(left.map((row) => row.id)).toContain(recent!.id);
    expect(left.map((row) => row.id)).not.toContain(old!.id);
    const oldJob = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'webhook-delivery'), eq(jobs.key, String(old!.id))));
    expect(oldJob).toEqual([]);
    const recentJob = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'webhook-delivery'), eq(jobs.key, String(recent!.id))));
    expect(recentJob).toHaveLength(1);
  });
});
