import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { auth, orders, webhooks, wms } from '@extranet/contract';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './db/client';
import { purchHeads, salesHeads } from './db/schema';
import { isValidWebhookSignature } from './modules/webhooks/webhooks.signature';
import { checkSignature } from './modules/wms/wms.signature';
import { dropTestDatabase } from './test/app';
import { createUser } from './test/factories';
import type { OrderWorld } from './test/orders.factories';
import { startS3Server, type TestS3Server } from './test/storage';
import { createWmsWorld, insertCompleteDraft } from './test/wms.factories';

/**
 * Three server processes on one PostgreSQL database with their files in one S3-compatible bucket,
 * as several instances behind a load balancer run (docs/operations.md, "Scale out"). Runs in the
 * PostgreSQL pass only (TEST_DATABASE_URL, see vitest.config.ts): the embedded database is one
 * process's.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WMS_SECRET = 'instances-test-warehouse-secret';
/** Set ready in batches of four: a third of them before the kill, a third while b is down. */
const ORDERS = 120;
const FILES = 6;
/** How long the stub warehouse takes to answer; to instance b longer, so that it has sends in flight. */
const STUB_ANSWER_MS = { a: 100, b: 1_500, c: 100 } as Record<string, number>;
const WMS_TIMEOUT_MS = 2_000;

// ---------------------------------------------------------------- the warehouse stub

interface RecordedSend {
  /** The instance that sent it: each is given WMS_URL `<stub>/orders/<its name>`. */
  instance: string;
  key: string;
  kind: string;
  headId: number;
  /** When the stub received it. */
  at: number;
}

/** A warehouse system that records every signed order it is sent and takes it. */
async function startWarehouseStub() {
  const sends: RecordedSend[] = [];
  const refused: string[] = [];
  /** Sends received and not answered yet, per instance. */
  const inFlight = new Map<string, RecordedSend[]>();
  const server = createHttpServer((request, response) => {
    const instance = request.url?.split('/').pop() ?? '';
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const check = checkSignature({
        secret: WMS_SECRET,
        timestamp: request.headers[wms.WMS_TIMESTAMP_HEADER],
        signature: request.headers[wms.WMS_SIGNATURE_HEADER],
        body,
      });
      const key = request.headers[wms.WMS_IDEMPOTENCY_HEADER];
      if (check !== 'ok' || typeof key !== 'string') {
        refused.push(`${check} ${String(key)}`);
        response.writeHead(401).end();
        return;
      }
      const message = JSON.parse(body.toString('utf8')) as { kind: string; head_id: number };
      const send = { instance, key, kind: message.kind, headId: message.head_id, at: Date.now() };
      sends.push(send);
      const waiting = inFlight.get(instance) ?? [];
      inFlight.set(instance, [...waiting, send]);
      setTimeout(() => {
        inFlight.set(
          instance,
          (inFlight.get(instance) ?? []).filter((other) => other !== send),
        );
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ status: { code: 'NEW', desc: 'Registered' } }));
      }, STUB_ANSWER_MS[instance] ?? 100);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/orders`;
  return { urlFor: (instance: string) => `${base}/${instance}`, sends, refused, inFlight, server };
}

// ---------------------------------------------------------------- the webhook receiver

interface Delivery {
  eventId: string;
  /** `purch:157`: the order it is about. */
  order: string;
  /** The progress the order moved to. */
  to: string;
  time: string;
}

/** A company's system receiving its webhooks: records every delivery with a valid signature. */
async function startWebhookReceiver() {
  const deliveries: Delivery[] = [];
  const refused: string[] = [];
  let secret = '';
  const server = createHttpServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const valid = isValidWebhookSignature({
        secret,
        timestamp: String(request.headers[webhooks.WEBHOOK_TIMESTAMP_HEADER]),
        signature: String(request.headers[webhooks.WEBHOOK_SIGNATURE_HEADER]),
        body,
      });
      if (!valid) {
        refused.push(body.toString('utf8').slice(0, 200));
        response.writeHead(401).end();
        return;
      }
      const event = JSON.parse(body.toString('utf8')) as {
        event_id: string;
        time: { $datetime: string };
        data: { kind: string; order: { head_id: number }; change: { new: string } };
      };
      deliveries.push({
        eventId: event.event_id,
        order: `${event.data.kind}:${event.data.order.head_id}`,
        to: event.data.change.new,
        time: event.time.$datetime,
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    deliveries,
    refused,
    server,
    useSecret(value: string) {
      secret = value;
    },
  };
}

// ---------------------------------------------------------------- server processes

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

interface Instance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  output: () => string;
}

const started: ChildProcess[] = [];
const dataDirs: string[] = [];

/** One server process, run from its sources as `npm run dev` does, answering once it is up. */
async function startInstance(name: string, env: Record<string, string>, port?: number): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `extranet-instance-${name}-`));
  dataDirs.push(dataDir);
  const listen = port ?? (await freePort());
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/main.ts', '--port', String(listen), '--data-dir', dataDir, '--no-demo'],
    {
      cwd: serverDir,
      env: {
        ...process.env,
        ...env,
        WMS_URL: stub.urlFor(name),
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${listen}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance ${name} exited: ${output}`);
    try {
      if ((await fetch(`${url}/config.json`)).ok)
        return { name, port: listen, url, child, output: () => output };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`instance ${name} did not answer within 120 s:\n${output}`);
}

async function kill(instance: Instance) {
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGKILL');
  await exited;
}

// ---------------------------------------------------------------- the shared world

const url = process.env.TEST_DATABASE_URL!;
const databaseName = `test_instances_${randomBytes(4).toString('hex')}`;
const databaseUrl = (() => {
  const target = new URL(url);
  target.pathname = `/${databaseName}`;
  return target.toString();
})();

let s3: TestS3Server;
let stub: Awaited<ReturnType<typeof startWarehouseStub>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let database: Database;
let world: OrderWorld;
let env: Record<string, string>;
const instances: Instance[] = [];

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  s3 = await startS3Server();
  stub = await startWarehouseStub();
  receiver = await startWebhookReceiver();
  env = {
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '5',
    SECRET_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '100000',
    JOBS_INTERVAL_MS: '100',
    WMS_CONNECTOR: 'http',
    WMS_SECRET,
    WMS_SEND_DELAY_MS: '0',
    WMS_TIMEOUT_MS: String(WMS_TIMEOUT_MS),
    WMS_SIM_ACCEPT_MS: '0',
    WEBHOOK_ALLOWED_HOSTS: new URL(receiver.url).host,
    WEBHOOK_TIMEOUT_MS: String(WMS_TIMEOUT_MS),
    WEBHOOK_RETRY_BASE_MS: '200',
    ...Object.fromEntries(Object.entries(s3.config).map(([key, value]) => [key, String(value)])),
  };
  // Started together, they migrate the new database under the advisory lock, one after another.
  instances.push(...(await Promise.all(['a', 'b', 'c'].map((name) => startInstance(name, env)))));
  database = await openDatabase({ url: databaseUrl });
  world = await createWmsWorld(database.db);
}, 300_000);

afterAll(async () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  await database?.close();
  await new Promise((resolve) => (stub ? stub.server.close(resolve) : resolve(undefined)));
  await new Promise((resolve) => (receiver ? receiver.server.close(resolve) : resolve(undefined)));
  await s3?.stop();
  await dropTestDatabase(url, databaseName);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

// ---------------------------------------------------------------- calls through the "load balancer"

let turn = 0;

/**
 * A call as a load balancer passes it on: to the next live instance in turn, and to another one
 * when an instance does not answer (killed), as a balancer's retry would.
 */
async function balanced(
  request: (instance: Instance) => Promise<Response>,
): Promise<{ instance: Instance; response: Response }> {
  for (let tries = 0; tries < 20; tries++) {
    const live = instances.filter((instance) => instance.child.exitCode === null && !instance.child.killed);
    const instance = live[turn++ % live.length]!;
    try {
      return { instance, response: await request(instance) };
    } catch {
      // Connection refused or reset: the instance is gone; the next one takes the call.
    }
  }
  throw new Error('no instance answered');
}

const post = (instance: Instance, callPath: string, body: unknown, token?: string) =>
  fetch(`${instance.url}/api${callPath}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `SessionCode ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });

async function uploadThrough(instance: Instance, token: string, index: number) {
  const bytes = randomBytes(64 * 1024 + index);
  const form = new FormData();
  form.append('name', `scan-${index}.pdf`);
  form.append('file', new Blob([bytes]), 'blob');
  const response = await fetch(`${instance.url}/api/files/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `SessionCode ${token}` },
  });
  const body = (await response.json()) as { code?: string; failure?: unknown };
  expect(body.code, JSON.stringify(body)).toBeTypeOf('string');
  return { code: body.code!, bytes };
}

async function progressCounts(ids: { purch: number[]; sales: number[] }) {
  const count = async (table: typeof purchHeads | typeof salesHeads, headIds: number[]) =>
    database.db
      .select({ progress: table.progress, count: sql<number>`count(*)::int` })
      .from(table)
      .where(inArray(table.id, headIds))
      .groupBy(table.progress);
  const rows = [...(await count(purchHeads, ids.purch)), ...(await count(salesHeads, ids.sales))];
  const counts: Record<string, number> = {};
  for (const row of rows) counts[row.progress] = (counts[row.progress] ?? 0) + Number(row.count);
  return counts;
}

describe('three instances on one PostgreSQL with the S3 driver', () => {
  it(`send each of ${ORDERS} orders set ready across them once, while one is killed and restarted, tell the company's system of every move in order, and serve every file from every instance`, async () => {
    const ids = { purch: [] as number[], sales: [] as number[] };
    for (let i = 0; i < ORDERS / 2; i++) {
      ids.purch.push(await insertCompleteDraft(database.db, 'purch', world, [{ skuIndex: 0, qty: '2' }]));
      ids.sales.push(await insertCompleteDraft(database.db, 'sales', world, [{ skuIndex: 1, qty: '1' }]));
    }
    const login = await post(instances[0]!, auth.login.path, {
      username: world.user.username,
      password: world.user.password,
    });
    const token = ((await login.json()) as { session_code: string }).session_code;

    // The company's system is told of every move of its orders: by a manager who may read them.
    const manager = await createUser(database.db, {
      roleId: 7,
      permissions: ['umgr', 'pord', 'sord'],
      companyIds: [world.company.id],
    });
    const managerLogin = await post(instances[2]!, auth.login.path, {
      username: manager.username,
      password: manager.password,
    });
    const managerToken = ((await managerLogin.json()) as { session_code: string }).session_code;
    const endpoint = (await (
      await post(
        instances[2]!,
        webhooks.addEndpoint.path,
        { company_id: world.company.id, url: receiver.url, events: ['order.progress_changed'] },
        managerToken,
      )
    ).json()) as { secret?: string; failure?: unknown };
    expect(endpoint.secret, JSON.stringify(endpoint)).toBeTypeOf('string');
    receiver.useSecret(endpoint.secret!);

    // Files uploaded through each instance, before the kill.
    const files = [];
    for (let i = 0; i < FILES / 2; i++) files.push(await uploadThrough(instances[i % 3]!, token, i));

    const readies = (['purch', 'sales'] as const)
      .flatMap((kind) => ids[kind].map((headId) => ({ kind, headId })))
      .sort((x, y) => x.headId - y.headId || x.kind.localeCompare(y.kind));
    const victim = instances[1]!;
    let killing: Promise<void> | undefined;
    let restarted: Promise<void> | undefined;
    let lostWithVictim: RecordedSend[] = [];
    const answers: unknown[] = [];
    // A few calls at a time: each few are claimed by whichever instance looks first, so b gets
    // some of them many times over before it is killed.
    const AT_ONCE = 4;
    for (let i = 0; i < readies.length; i += AT_ONCE) {
      if (i === ORDERS / 3) {
        // In the middle of the work, while the warehouse has orders of instance b unanswered, b
        // dies at once: its claims stay in the database, its sends unrecorded. Orders go on being
        // set ready meanwhile. Only sends received in the last second count: their answers are far
        // enough away that b cannot record them before it dies.
        const unanswered = () =>
          (stub.inFlight.get('b') ?? []).filter((send) => Date.now() - send.at < STUB_ANSWER_MS.b! - 500);
        killing = (async () => {
          await expect.poll(() => unanswered().length, { timeout: 120_000, interval: 10 }).toBeGreaterThan(0);
          lostWithVictim = unanswered();
          await kill(victim);
        })();
      }
      if (i === (ORDERS * 2) / 3) {
        await killing;
        // Files go on being uploaded through the instances left.
        for (let f = FILES / 2; f < FILES; f++)
          files.push(await uploadThrough(instances[(f % 2) * 2]!, token, f));
        // Started again on its address, under a name of its own for the stub's records.
        restarted = startInstance('b2', env, victim.port).then((instance) => {
          instances[1] = instance;
        });
      }
      const batch = readies.slice(i, i + AT_ONCE);
      answers.push(
        ...(await Promise.all(
          batch.map(async ({ kind, headId }) => {
            const { response } = await balanced((instance) =>
              post(instance, orders[kind].setReady.path, { head_id: headId }, token),
            );
            return response.json();
          }),
        )),
      );
    }
    await restarted;
    // A call whose answer was lost with the killed instance may have been made again, and then
    // finds the order ready already; no other refusal.
    for (const answer of answers as Array<{ failure?: { code: string } }>) {
      if (answer.failure) expect(answer.failure.code).toBe('order_ready_denied');
    }

    // Every order reaches sent: the killed instance's claims run out (WMS_TIMEOUT_MS + a minute)
    // and another instance sends those orders again, with the same idempotency key.
    const deadline = Date.now() + 240_000;
    let counts = await progressCounts(ids);
    while ((counts.sent ?? 0) < ORDERS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      counts = await progressCounts(ids);
    }
    expect(counts, instances.map((instance) => `${instance.name}:\n${instance.output()}`).join('\n')).toEqual(
      {
        sent: ORDERS,
      },
    );

    // Every order reached the warehouse under one idempotency key, however often it was sent.
    expect(stub.refused).toEqual([]);
    const keysByOrder = new Map<string, Set<string>>();
    for (const send of stub.sends) {
      const order = `${send.kind}:${send.headId}`;
      keysByOrder.set(order, (keysByOrder.get(order) ?? new Set()).add(send.key));
    }
    expect(keysByOrder.size).toBe(ORDERS);
    expect([...keysByOrder.values()].filter((keys) => keys.size !== 1)).toEqual([]);
    // The sends lost with instance b were made again by another instance (the restarted one
    // may be it), under the same key.
    expect(lostWithVictim.length).toBeGreaterThan(0);
    for (const lost of lostWithVictim) {
      const again = stub.sends.filter((send) => send.key === lost.key && send.instance !== 'b');
      expect(again.length, JSON.stringify(lost)).toBeGreaterThan(0);
    }
    for (const kind of ['purch', 'sales'] as const) {
      for (const headId of ids[kind]) expect(keysByOrder.has(`${kind}:${headId}`)).toBe(true);
    }

    // Every move of every order reached the company's system at least once, the moves of one
    // order in the order they were made (the first delivery of each).
    const expectedMoves = ORDERS * 2;
    const firstDeliveries = () => {
      const seen = new Map<string, Delivery>();
      for (const delivery of receiver.deliveries)
        if (!seen.has(delivery.eventId)) seen.set(delivery.eventId, delivery);
      return [...seen.values()];
    };
    await expect
      .poll(() => firstDeliveries().length, { timeout: 240_000, interval: 1000 })
      .toBe(expectedMoves);
    expect(receiver.refused).toEqual([]);
    const movesByOrder = new Map<string, Delivery[]>();
    for (const delivery of firstDeliveries()) {
      movesByOrder.set(delivery.order, [...(movesByOrder.get(delivery.order) ?? []), delivery]);
    }
    expect(movesByOrder.size).toBe(ORDERS);
    const outOfOrder = [...movesByOrder.entries()].filter(
      ([, moves]) => moves.map((move) => move.to).join(',') !== 'ready,sent',
    );
    expect(outOfOrder).toEqual([]);

    // Every file reads back whole through every instance, the restarted one included.
    expect(instances.map((instance) => instance.child.exitCode)).toEqual([null, null, null]);
    for (const file of files) {
      for (const instance of instances) {
        const response = await fetch(`${instance.url}/api/files/download?code=${file.code}`, {
          headers: { authorization: `SessionCode ${token}`, 'accept-encoding': 'identity' },
        });
        expect(response.status).toBe(200);
        expect(Buffer.from(await response.arrayBuffer()).equals(file.bytes)).toBe(true);
      }
    }
  }, 600_000);
});
