import type { LookupAddress } from 'node:dns';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createTcpServer } from 'node:net';
import { discussions, orders, type Permission, webhooks } from '@extranet/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { jobs, userCompanies, userPermissions, users, webhookEndpoints } from '../../db/schema';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import type { OrderWorld } from '../../test/orders.factories';
import { createWmsWorld, insertCompleteDraft } from '../../test/wms.factories';
import { type DeliveryOptions, processWebhookDeliveries } from './webhooks.delivery';

// Issue 28: an endpoint carries only what its owner may read, at saving and at every delivery
// (finding 3); the address guards of sending (findings 8 and 16).

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, any>;
}

const received: Received[] = [];
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    received.push({ path: request.url ?? '', headers: request.headers, body: JSON.parse(raw) });
    response.writeHead(200).end('ok');
  });
});

let app: TestApp;
let port: number;
let base: string;
let options: DeliveryOptions;
let world: OrderWorld;
let clerkToken: string;

const db = () => app.deps.db;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  app = await createTestApp({ WEBHOOK_ALLOWED_HOSTS: [`127.0.0.1:${port}`] });
  options = {
    secretKey: app.deps.secretKey,
    allowedHosts: [`127.0.0.1:${port}`],
    timeoutMs: 300,
    retryBaseMs: 10_000,
    random: () => 0,
  };
  world = await createWmsWorld(db());
  clerkToken = await loginAs(app, world.user);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(async () => {
  received.length = 0;
  await db().delete(webhookEndpoints);
  await db()
    .update(jobs)
    .set({ cancelledAt: sql`now()` })
    .where(and(eq(jobs.kind, 'webhook-delivery'), isNull(jobs.doneAt), isNull(jobs.cancelledAt)));
});

async function makeManager(permissions: Permission[]) {
  const user = await createUser(db(), { roleId: 7, permissions, companyIds: [world.company.id] });
  return { id: user.id, token: await loginAs(app, user) };
}

async function addEndpoint(token: string, path: string, events?: webhooks.WebhookEventType[]) {
  return app.call(
    webhooks.addEndpoint,
    { company_id: world.company.id, url: `${base}${path}`, ...(events ? { events } : {}) },
    token,
  );
}

async function deliverAll() {
  for (let round = 0; round < 20; round++) {
    if ((await processWebhookDeliveries(db(), options)) === 0) return;
  }
}

async function deliveries(endpointId: number) {
  const admin = await makeManager(['umgr']);
  const response = await app.call(
    webhooks.listDeliveries,
    { endpoint_id: endpointId, count: 100 },
    admin.token,
  );
  expect(response.body.failure).toBeUndefined();
  return response.body.items as any[];
}

async function readyOrder(kind: 'purch' | 'sales' = 'purch') {
  const headId = await insertCompleteDraft(db(), kind, world);
  const ready = await app.call(orders[kind].setReady, { head_id: headId }, clerkToken);
  expect(ready.body.failure).toBeUndefined();
  return headId;
}

/** An endpoint as one saved before its events were checked: every type, whatever its owner reads. */
async function legacyEndpoint(ownerId: number, path: string) {
  const [row] = await db()
    .insert(webhookEndpoints)
    .values({
      companyId: world.company.id,
      url: `${base}${path}`,
      events: [...webhooks.WEBHOOK_EVENT_TYPES],
      secret: 'not used: nothing is sent',
      ownerId,
    })
    .returning({ id: webhookEndpoints.id });
  return row!.id;
}

describe('saving an endpoint', () => {
  it('refuses an event type whose data its owner may not read, naming the type', async () => {
    const userManager = await makeManager(['umgr']);
    const refused = await addEndpoint(userManager.token, '/orders', ['order.progress_changed']);
    expect(refused.body.failure).toMatchObject({
      code: 'webhook_event_not_permitted',
      details: { event: 'order.progress_changed', reason: 'order', permissions: ['pord', 'sord'] },
    });
    const stock = await addEndpoint(userManager.token, '/stock', [
      'discussion.comment_added',
      'stock.changed',
    ]);
    expect(stock.body.failure).toMatchObject({
      code: 'webhook_event_not_permitted',
      details: { event: 'stock.changed', permissions: ['stck'] },
    });
    expect(await db().select().from(webhookEndpoints)).toEqual([]);

    const sales = await makeManager(['umgr', 'sord']);
    const orderEvents = await addEndpoint(sales.token, '/sales', ['order.status_changed']);
    expect(orderEvents.body.failure).toBeUndefined();
  });

  it('subscribes a new endpoint, unless told, to every type its owner may read', async () => {
    const userManager = await makeManager(['umgr']);
    const added = await addEndpoint(userManager.token, '/default');
    expect(added.body.failure).toBeUndefined();
    const stockKeeper = await makeManager(['umgr', 'stck']);
    expect((await addEndpoint(stockKeeper.token, '/default-stock')).body.failure).toBeUndefined();
    const list = await app.call(webhooks.listEndpoints, { ordering: 'creation_date' }, userManager.token);
    expect(list.body.items.map((item: any) => item.events)).toEqual([
      ['discussion.comment_added'],
      ['stock.changed', 'discussion.comment_added'],
    ]);
  });

  it("lets no one point another's endpoint elsewhere or widen it beyond their own rights", async () => {
    const buyer = await makeManager(['umgr', 'pord']);
    const userManager = await makeManager(['umgr']);
    const added = await addEndpoint(buyer.token, '/buyer', ['order.progress_changed']);
    const endpoint_id = added.body.endpoint_id as number;
    const moved = await app.call(
      webhooks.editEndpoint,
      { endpoint_id, url: `${base}/elsewhere` },
      userManager.token,
    );
    expect(moved.body.failure).toMatchObject({
      code: 'webhook_event_not_permitted',
      details: { event: 'order.progress_changed' },
    });
    const widened = await app.call(
      webhooks.editEndpoint,
      { endpoint_id, events: ['order.progress_changed', 'stock.changed'] },
      buyer.token,
    );
    expect(widened.body.failure).toMatchObject({ details: { event: 'stock.changed' } });
    // Turning it off and on is no change of what it sends, nor of where.
    const off = await app.call(webhooks.editEndpoint, { endpoint_id, active: false }, userManager.token);
    expect(off.body.failure).toBeUndefined();
    // Whoever changes what it sends takes it over: it then delivers within their rights.
    const narrowed = await app.call(
      webhooks.editEndpoint,
      { endpoint_id, events: ['discussion.comment_added'] },
      userManager.token,
    );
    expect(narrowed.body.failure).toBeUndefined();
    const list = await app.call(webhooks.listEndpoints, { filters: { endpoint_id } }, buyer.token);
    expect(list.body.items[0]).toMatchObject({
      url: `${base}/buyer`,
      events: ['discussion.comment_added'],
      owner: { user_id: userManager.id },
    });
  });
});

describe('delivering an event', () => {
  it('sends no order to an owner who manages users but may not read orders, and says why', async () => {
    const userManager = await makeManager(['umgr']);
    const endpointId = await legacyEndpoint(userManager.id, '/legacy');
    await readyOrder();
    await deliverAll();
    expect(received).toEqual([]);
    const [logged] = await deliveries(endpointId);
    expect(logged).toMatchObject({
      type: 'order.progress_changed',
      status: 'failed',
      attempts: 0,
      response_code: null,
      refusal: { code: 'owner_permission', permission: 'pord' },
    });
    expect(logged.last_attempt).not.toBeNull();
  });

  it('sends a sales order only with sord, a purchase order only with pord', async () => {
    const buyer = await makeManager(['umgr', 'pord']);
    const added = await addEndpoint(buyer.token, '/buyer', ['order.progress_changed']);
    const purchId = await readyOrder('purch');
    await readyOrder('sales');
    await deliverAll();
    expect(received.map((request) => [request.body.data.kind, request.body.data.order.head_id])).toEqual([
      ['purch', purchId],
    ]);
    const log = await deliveries(added.body.endpoint_id);
    expect(log.find((row) => row.status === 'failed')).toMatchObject({
      refusal: { code: 'owner_permission', permission: 'sord' },
    });
  });

  it.each([
    {
      change: 'loses pord',
      refusal: { code: 'owner_permission', permission: 'pord' },
      apply: (userId: number) =>
        db()
          .delete(userPermissions)
          .where(and(eq(userPermissions.userId, userId), eq(userPermissions.permId, 'pord'))),
    },
    {
      change: 'loses umgr',
      refusal: { code: 'owner_not_manager' },
      apply: (userId: number) =>
        db()
          .delete(userPermissions)
          .where(and(eq(userPermissions.userId, userId), eq(userPermissions.permId, 'umgr'))),
    },
    {
      change: 'is deactivated',
      refusal: { code: 'owner_deactivated' },
      apply: (userId: number) => db().update(users).set({ excluded: true }).where(eq(users.id, userId)),
    },
    {
      change: 'loses the company',
      refusal: { code: 'owner_company' },
      apply: (userId: number) => db().delete(userCompanies).where(eq(userCompanies.userId, userId)),
    },
    {
      change: 'is deleted',
      refusal: { code: 'owner_missing' },
      apply: (userId: number) =>
        db().update(webhookEndpoints).set({ ownerId: null }).where(eq(webhookEndpoints.ownerId, userId)),
    },
  ])('stops delivering once the owner $change, and the log says why', async ({ apply, refusal }) => {
    const owner = await makeManager(['umgr', 'pord']);
    const added = await addEndpoint(owner.token, '/owned', ['order.progress_changed']);
    expect(added.body.failure).toBeUndefined();
    const first = await readyOrder();
    await deliverAll();
    expect(received.map((request) => request.body.data.order.head_id)).toEqual([first]);

    // Queued while the owner still could, sent after: checked when it goes out.
    await readyOrder();
    await apply(owner.id);
    await readyOrder();
    await deliverAll();
    expect(received).toHaveLength(1);
    const log = await deliveries(added.body.endpoint_id);
    expect(log.map((row) => [row.status, row.refusal])).toEqual([
      ['failed', refusal],
      ['failed', refusal],
      ['delivered', null],
    ]);
  });

  it('sends only comments of discussions the owner reads', async () => {
    const userManager = await makeManager(['umgr']);
    const added = await addEndpoint(userManager.token, '/comments', ['discussion.comment_added']);
    expect(added.body.failure).toBeUndefined();
    const broadcast = await app.call(
      discussions.addDiscussionBroadcast,
      { company_id: world.company.id, name: 'News', text: 'For everyone', users: [], files: [] },
      clerkToken,
    );
    expect(broadcast.body.failure).toBeUndefined();
    const headId = await insertCompleteDraft(db(), 'purch', world);
    const onOrder = await app.call(
      discussions.addCommentPurch,
      { purch_head_id: headId, text: 'About the order' },
      clerkToken,
    );
    expect(onOrder.body.failure).toBeUndefined();
    await deliverAll();
    expect(received.map((request) => request.body.data.comment.text)).toEqual(['For everyone']);
    const log = await deliveries(added.body.endpoint_id);
    expect(log.find((row) => row.status === 'failed')).toMatchObject({
      refusal: { code: 'owner_discussion' },
    });
  });
});

describe('addresses', () => {
  it('refuses at sending a public name that resolves into the private network (DNS rebinding)', async () => {
    // Nothing may connect here: the address the name is made to point to.
    let connections = 0;
    const inside = createTcpServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
    const insidePort = (inside.address() as AddressInfo).port;
    try {
      const owner = await makeManager(['umgr', 'pord']);
      const added = await app.call(
        webhooks.addEndpoint,
        {
          company_id: world.company.id,
          url: `https://hooks.example.com:${insidePort}/rebound`,
          events: ['order.progress_changed'],
        },
        owner.token,
      );
      expect(added.body.failure).toBeUndefined();
      await readyOrder();
      const resolved: string[] = [];
      // The name was public when saved; now it answers the loopback address.
      const rebinding = ((hostname: string, _options: unknown, callback: (...args: unknown[]) => void) => {
        resolved.push(hostname);
        callback(null, [{ address: '127.0.0.1', family: 4 }] satisfies LookupAddress[]);
      }) as unknown as DeliveryOptions['resolve'];
      await processWebhookDeliveries(db(), { ...options, resolve: rebinding });
      expect(resolved).toEqual(['hooks.example.com']);
      expect(connections).toBe(0);
      const [logged] = await deliveries(added.body.endpoint_id);
      expect(logged).toMatchObject({ status: 'pending', attempts: 1, response_code: null });
      expect(logged.error).toBe('hooks.example.com resolves to 127.0.0.1, not a public address');
    } finally {
      await new Promise((resolve) => inside.close(resolve));
    }
  });

  it('allows a listed host on ports 80 and 443, on a listed port, or on every port with :*', () => {
    const problem = webhooks.webhookUrlProblem;
    expect(problem('http://erp.corp/hook', ['erp.corp'])).toBeNull();
    expect(problem('https://erp.corp/hook', ['erp.corp'])).toBeNull();
    expect(problem('http://erp.corp:8080/hook', ['erp.corp'])).toBe('insecure_scheme');
    expect(problem('https://erp.corp:22/hook', ['erp.corp'])).toBe('local_name');
    expect(problem('http://erp.corp:8080/hook', ['erp.corp:8080'])).toBeNull();
    expect(problem('http://erp.corp:8081/hook', ['erp.corp:8080'])).toBe('insecure_scheme');
    expect(problem('http://erp.corp/hook', ['erp.corp:8080'])).toBe('insecure_scheme');
    expect(problem('http://erp.corp:8081/hook', ['erp.corp:*'])).toBeNull();
    expect(problem('https://[::1]:8443/hook', ['[::1]:8443'])).toBeNull();
    expect(problem('https://[::1]:8444/hook', ['[::1]:8443'])).toBe('private_address');
    expect(problem('http://a.corp.example:9000/hook', ['*.corp.example:9000'])).toBeNull();
  });

  it('reads host:port entries from WEBHOOK_ALLOWED_HOSTS and stops the start on a bad one', () => {
    const config = loadConfig({
      WEBHOOK_ALLOWED_HOSTS: 'ERP.corp:08080, [::1]:8443, ::1, *.corp.example:*, 127.0.0.1',
    });
    expect(config.WEBHOOK_ALLOWED_HOSTS).toEqual([
      'erp.corp:8080',
      '[::1]:8443',
      '[::1]',
      '*.corp.example:*',
      '127.0.0.1',
    ]);
    for (const bad of ['erp.corp:0', 'erp.corp:70000', 'erp.corp:http', 'http://erp.corp/', '[::1]x']) {
      expect(() => loadConfig({ WEBHOOK_ALLOWED_HOSTS: bad }), bad).toThrow(ConfigError);
    }
  });

  it('checks the port again when sending: another port of an allowed host is not reached', async () => {
    const owner = await makeManager(['umgr', 'pord']);
    const added = await addEndpoint(owner.token, '/port', ['order.progress_changed']);
    expect(added.body.failure).toBeUndefined();
    await readyOrder();
    await processWebhookDeliveries(db(), { ...options, allowedHosts: [`127.0.0.1:${port + 1}`] });
    expect(received).toEqual([]);
    const [logged] = await deliveries(added.body.endpoint_id);
    expect(logged.error).toBe('address not allowed: insecure_scheme');
  });
});
