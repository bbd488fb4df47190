import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { orders, wms } from '@extranet/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { jobs } from '../../db/schema';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import type { OrderWorld } from '../../test/orders.factories';
import {
  createWmsWorld,
  insertCompleteDraft,
  progressMove,
  sendJobsOf,
  systemTexts,
  WORKER,
} from '../../test/wms.factories';
import { createHttpConnector } from './wms.http-connector';
import { processSendJobs } from './wms.sends';
import { checkSignature } from './wms.signature';

const SECRET = 'shared-secret-with-the-warehouse';

interface Received {
  key: string | undefined;
  signatureOk: boolean;
  body: Record<string, any>;
}

/** A warehouse system on a real port: records requests and answers as the test says. */
const warehouse = {
  received: [] as Received[],
  answer: (_request: Received, _response: ServerResponse): void => {},
};
const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const raw = Buffer.concat(chunks);
    const received: Received = {
      key: request.headers[wms.WMS_IDEMPOTENCY_HEADER] as string | undefined,
      signatureOk:
        checkSignature({
          secret: SECRET,
          timestamp: request.headers[wms.WMS_TIMESTAMP_HEADER],
          signature: request.headers[wms.WMS_SIGNATURE_HEADER],
          body: raw,
        }) === 'ok',
      body: JSON.parse(raw.toString('utf8')),
    };
    warehouse.received.push(received);
    warehouse.answer(received, response);
  });
});

let app: TestApp;
let world: OrderWorld;
let token: string;
let url: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/orders`;
  app = await createTestApp();
  world = await createWmsWorld(app.deps.db);
  token = await loginAs(app, world.user);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const db = () => app.deps.db;
const reply = (response: ServerResponse, status: number, body: string, type = 'application/json') =>
  response.writeHead(status, { 'content-type': type }).end(body);

async function readyOrder(kind: 'purch' | 'sales' = 'purch') {
  const headId = await insertCompleteDraft(db(), kind, world, [{ skuIndex: 0, qty: '3.250' }]);
  const calls = kind === 'purch' ? orders.purch : orders.sales;
  expect((await app.call(calls.setReady, { head_id: headId }, token)).body.failure).toBeUndefined();
  return headId;
}

async function view(headId: number, kind: 'purch' | 'sales' = 'purch') {
  const calls = kind === 'purch' ? orders.purch : orders.sales;
  return (await app.call(calls.viewOrder, { head_id: headId }, token)).body;
}

async function makeDue(headId: number) {
  await db()
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(eq(jobs.key, `purch:${headId}`));
}

describe('the http connector', () => {
  it('POSTs the order signed, as JSON with typed values, with an idempotency key', async () => {
    warehouse.received = [];
    warehouse.answer = (_request, response) =>
      reply(response, 201, '{"status":{"code":"NEW","desc":"Registered"},"warehouse_code":" WMS-000123 "}');
    const headId = await readyOrder('sales');
    await processSendJobs(db(), createHttpConnector({ url, secret: SECRET, timeoutMs: 2000 }), WORKER);

    expect(warehouse.received).toHaveLength(1);
    const [request] = warehouse.received;
    expect(request!.signatureOk).toBe(true);
    const [job] = await sendJobsOf(db(), 'sales', headId);
    expect(request!.key).toBe(`sales:${headId}:${job!.id}`);
    expect(request!.body).toMatchObject({
      kind: 'sales',
      head_id: headId,
      consignee: { consignee_id: world.consignee.id },
      party: { code: world.customer.externalCode, name: world.customer.name },
      due_days: { $decimal: '30.000' },
      is_return: false,
      lines: [{ sku: world.skus[0]!.externalCode, ordered_qty: { $decimal: '3.250' }, uom: 'pcs' }],
    });
    expect(await view(headId, 'sales')).toMatchObject({
      progress: 'sent',
      status: { code: 'NEW', desc: 'Registered' },
      // The warehouse's own number of the order, from its answer.
      external_code: null,
      warehouse_code: 'WMS-000123',
    });
    const list = await app.call(orders.sales.listOrders, { count: 1000 }, token);
    const row = list.body.items.find((item: { head_id: number }) => item.head_id === headId);
    expect(row).toMatchObject({ external_code: null, warehouse_code: 'WMS-000123' });
  });

  it('sends again after a timeout with the same key, so the warehouse takes the order once', async () => {
    warehouse.received = [];
    const taken = new Map<string, unknown>();
    warehouse.answer = (request, response) => {
      if (taken.has(request.key!)) return reply(response, 200, '{}');
      taken.set(request.key!, request.body);
      // The warehouse takes the order but answers too late.
      setTimeout(() => reply(response, 200, '{}'), 1500);
    };
    const connector = createHttpConnector({ url, secret: SECRET, timeoutMs: 300 });
    const headId = await readyOrder();

    await processSendJobs(db(), connector, WORKER);
    const [waiting] = await sendJobsOf(db(), 'purch', headId);
    expect(waiting).toMatchObject({ attempts: 1, doneAt: null, lastError: 'no answer within 300 ms' });
    expect((await view(headId)).progress).toBe('ready');

    await makeDue(headId);
    await processSendJobs(db(), connector, WORKER);
    expect((await view(headId)).progress).toBe('sent');
    expect(warehouse.received).toHaveLength(2);
    expect(new Set(warehouse.received.map((request) => request.key)).size).toBe(1);
    expect(taken.size).toBe(1);
    const moves = (await systemTexts(db(), 'purch', headId)).filter(
      (text) => text.code === 'order_progress_changed' && text.new === 'sent',
    );
    expect(moves).toEqual([progressMove('ready', 'sent')]);
  });

  it("takes a 4xx as a refusal with the body's reason, plain text or JSON, or its status when it gives none", async () => {
    warehouse.answer = (_request, response) => reply(response, 422, '{"reason":"Unknown vendor code V9"}');
    const connector = createHttpConnector({ url, secret: SECRET, timeoutMs: 2000 });
    const first = await readyOrder();
    await processSendJobs(db(), connector, WORKER);
    expect(await view(first)).toMatchObject({
      progress: 'failure',
      failure_reason: 'Unknown vendor code V9',
      failure_code: null,
    });

    warehouse.answer = (_request, response) =>
      reply(response, 400, 'Delivery date is a holiday', 'text/plain');
    const second = await readyOrder();
    await processSendJobs(db(), connector, WORKER);
    expect(await view(second)).toMatchObject({
      progress: 'failure',
      failure_reason: 'Delivery date is a holiday',
      failure_code: null,
    });

    warehouse.answer = (_request, response) => reply(response, 409, '', 'text/plain');
    const third = await readyOrder();
    await processSendJobs(db(), connector, WORKER);
    expect(await view(third)).toMatchObject({
      progress: 'failure',
      failure_reason: 'The warehouse system refused the order (HTTP 409).',
      failure_code: 'warehouse_http_status',
      failure_params: { status: '409' },
    });
  });

  it('retries 5xx, 429 and an unreachable warehouse', async () => {
    const headId = await readyOrder();
    for (const status of [503, 429, 500]) {
      warehouse.answer = (_request, response) => reply(response, status, 'busy', 'text/plain');
      await processSendJobs(db(), createHttpConnector({ url, secret: SECRET, timeoutMs: 2000 }), {
        ...WORKER,
        maxAttempts: 10,
      });
      const [job] = await sendJobsOf(db(), 'purch', headId);
      expect(job!.lastError).toBe(`HTTP ${status}: busy`);
      expect((await view(headId)).progress).toBe('ready');
      await makeDue(headId);
    }
    const closed = createHttpConnector({ url: 'http://127.0.0.1:9/', secret: SECRET, timeoutMs: 2000 });
    await processSendJobs(db(), closed, { ...WORKER, maxAttempts: 10 });
    const [job] = await sendJobsOf(db(), 'purch', headId);
    expect(job!.attempts).toBe(4);
    expect(job!.doneAt).toBeNull();
    expect((await view(headId)).progress).toBe('ready');
  });
});

describe('configuration', () => {
  it('needs WMS_URL and WMS_SECRET for the http connector', () => {
    expect(() => loadConfig({ WMS_CONNECTOR: 'http', WMS_SECRET: SECRET })).toThrow(
      new ConfigError('Invalid configuration: WMS_URL: required when WMS_CONNECTOR=http'),
    );
    expect(() => loadConfig({ WMS_CONNECTOR: 'http', WMS_URL: url })).toThrow(/WMS_SECRET/);
    expect(() => loadConfig({ WMS_SIM_FAILURE_SHARE: '1.5' })).toThrow(/WMS_SIM_FAILURE_SHARE/);
    expect(loadConfig({ WMS_CONNECTOR: 'http', WMS_URL: url, WMS_SECRET: SECRET }).WMS_CONNECTOR).toBe(
      'http',
    );
  });
});
