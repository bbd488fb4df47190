import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { orders, webhooks } from '@extranet/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { jobs, webhookEndpoints } from '../db/schema';
import { type DeliveryOptions, processWebhookDeliveries } from '../modules/webhooks/webhooks.delivery';
import { createTestApp, loginAs, type TestApp } from './app';
import { createUser } from './factories';
import type { OrderWorld } from './orders.factories';
import { createWmsWorld, insertCompleteDraft } from './wms.factories';

export const WMS_SECRET = 'shared-secret-with-the-warehouse';

export interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  raw: string;
  body: Record<string, any>;
}

/** A client's system on a real port: records every request and answers as the test says. */
export const receiver = {
  received: [] as Received[],
  /** The HTTP status to answer; null leaves the request without an answer (a timeout). */
  status: (_request: Received): number | null => 200,
};
const hanging: ServerResponse[] = [];
let server: Server;

function createReceiverServer(): Server {
  return createServer((request, response) => {
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
}

/**
 * The app, receiver address, delivery options and people of the test file that called
 * useWebhookContext, set before its tests. Test files run one after another in a worker, each
 * setting them anew.
 */
export let app: TestApp;
export let base: string;
export let options: DeliveryOptions;
export let world: OrderWorld;
export let other: OrderWorld;
export let manager: { token: string; id: number };
export let otherManager: { token: string; id: number };
export let clerkToken: string;
/** The outcomes the delivery worker recorded (the metrics' counter), in order. */
export let counted: string[] = [];

export const db = () => app.deps.db;

/**
 * Registers, in the calling test file, its receiver on a free port and its own app on a fresh
 * database (closed after the file by setup.ts), with two companies of the warehouse; each test
 * starts with no endpoint and the receiver answering 200.
 */
export function useWebhookContext(): void {
  beforeAll(async () => {
    server = createReceiverServer();
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
    for (const response of hanging.splice(0)) response.destroy();
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
}

export async function addEndpoint(
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
export async function deliverAll() {
  for (let round = 0; round < 20; round++) {
    if ((await processWebhookDeliveries(db(), options)) === 0) return;
  }
}

/** Brings the next attempt of every waiting delivery to now: time passes through due dates. */
export async function makeDue() {
  await db()
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(and(eq(jobs.kind, 'webhook-delivery'), isNull(jobs.doneAt), isNull(jobs.cancelledAt)));
}

export async function deliveries(token: string, endpointId: number) {
  const response = await app.call(webhooks.listDeliveries, { endpoint_id: endpointId, count: 100 }, token);
  expect(response.body.failure).toBeUndefined();
  return response.body.items as any[];
}

export async function readyOrder(token = clerkToken, target = world) {
  const headId = await insertCompleteDraft(db(), 'purch', target);
  const ready = await app.call(orders.purch.setReady, { head_id: headId }, token);
  expect(ready.body.failure).toBeUndefined();
  return headId;
}
