import { randomBytes } from 'node:crypto';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { auth, discussions } from '@extranet/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BuiltApp, buildApp } from '../app';
import { seedReferenceData } from '../demo/seed-reference';
import { dropTestDatabase, testConfig } from '../test/app';
import { createCompany, createUser } from '../test/factories';
import { openDatabase } from './client';
import { identityChangesOf } from './identity-changes';

/**
 * The server rides out its PostgreSQL going away: every connection ended from the database's side
 * (a restart, a failover), then connections refused for a while. Runs in the PostgreSQL pass only
 * (vitest.config.ts), on a database of its own, reached through a TCP proxy in this process that
 * can refuse connections (the machine's PostgreSQL itself is shared and never stopped).
 */

const url = process.env.TEST_DATABASE_URL ?? '';
const name = `test_loss_${randomBytes(6).toString('hex')}`;
const WRITERS = 4;

/** A TCP proxy to PostgreSQL that can stop (refusing connections, ending the open ones) and start again. */
function postgresProxy(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        const end = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', end);
          socket.on('close', end);
        }
        client.pipe(upstream).pipe(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as AddressInfo).port;
        server = next;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });
  return {
    start,
    stop,
    get port() {
      return port;
    },
  };
}

const admin = new pg.Client({ connectionString: url });
const proxy = postgresProxy(new URL(url));
let built: BuiltApp;
let base = '';
let companyId = 0;
let credentials = { username: '', password: '' };
const logs: string[] = [];

/** Ends every connection of this test's database, as a restart of PostgreSQL does. */
async function terminateBackends(): Promise<number> {
  const result = await admin.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [name],
  );
  return result.rowCount ?? 0;
}

beforeAll(async () => {
  await admin.connect();
  const template = inject('postgresTemplate');
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const direct = new URL(url);
  direct.pathname = `/${name}`;
  const setup = await openDatabase({ url: direct.toString() });
  try {
    await seedReferenceData(setup.db);
    companyId = (await createCompany(setup.db)).id;
    const user = await createUser(setup.db, { roleId: 99, companyIds: [companyId] });
    credentials = { username: user.username, password: user.password };
  } finally {
    await setup.close();
  }

  await proxy.start();
  const proxied = new URL(direct);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  built = await buildApp(
    testConfig({
      DATABASE_URL: proxied.toString(),
      DATABASE_POOL_SIZE: 4,
      DATABASE_CONNECT_TIMEOUT_MS: 1_000,
      LOG_LEVEL: 'warn',
      JOBS_INTERVAL_MS: 200,
    }),
    { logStream: { write: (line: string) => void logs.push(line) } },
  );
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  // The close waits for every connection lent out to come back: one lost for good would hang it.
  await built?.app.close();
  await proxy.stop();
  await admin.end();
  await dropTestDatabase(url, name);
});

async function post(path: string, body: unknown, token?: string) {
  const started = performance.now();
  const response = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `SessionCode ${token}` } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text), ms: performance.now() - started };
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, withinMs: number) {
  const deadline = performance.now() + withinMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${withinMs} ms\n${logs.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the database going away', () => {
  it('keeps serving, answers 503 while it is away, serves again by itself and loses no acknowledged write', async () => {
    const login = await post(auth.login.path, credentials);
    expect(login.status).toBe(200);
    const token = login.body.session_code as string;

    const acknowledged: string[] = [];
    const answers: Array<{ status: number; code?: string; ms: number; at: number }> = [];
    const crashes: unknown[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const discussion = `loss-${w}-${i}`;
        try {
          const answer = await post(
            discussions.addDiscussionNormal.path,
            { company_id: companyId, name: discussion, text: 'written while the database comes and goes' },
            token,
          );
          answers.push({
            status: answer.status,
            code: answer.body.failure?.code,
            ms: answer.ms,
            at: performance.now(),
          });
          if (answer.status === 200 && answer.body.discussion_id) acknowledged.push(discussion);
          // A refused call is tried again a little later, as a client would.
          if (answer.status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
        } catch (error) {
          crashes.push(error);
          return;
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
    const acknowledgedSince = (count: number) => () => acknowledged.length >= count;

    // Mid-load, PostgreSQL ends every connection of the database (the pool's, the listener's).
    await waitFor('writes before the loss', acknowledgedSince(20), 30_000);
    expect(await terminateBackends()).toBeGreaterThan(0);
    const afterTermination = acknowledged.length;
    await waitFor(
      'writes after the connections were ended',
      acknowledgedSince(afterTermination + 20),
      20_000,
    );

    // Then it refuses connections for a while: calls answer 503 server_unavailable, and quickly.
    await proxy.stop();
    await terminateBackends();
    const awaySince = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const whileAway = answers.filter((answer) => answer.at > awaySince + 500);
    expect(whileAway.length).toBeGreaterThan(0);
    for (const answer of whileAway) {
      expect(answer).toMatchObject({ status: 503, code: 'server_unavailable' });
      expect(answer.ms).toBeLessThan(5_000);
    }
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'unavailable' });
    const health = await fetch(`${base}/healthz`);
    expect({ status: health.status, body: await health.json() }).toEqual({
      status: 200,
      body: { status: 'ok' },
    });

    // Back: the server serves again by itself within seconds, and listens for changes again.
    const beforeReturn = acknowledged.length;
    await proxy.start();
    await waitFor('writes after the database came back', acknowledgedSince(beforeReturn + 20), 20_000);
    await waitFor(
      'readiness after the database came back',
      async () => (await fetch(`${base}/readyz`)).ok,
      20_000,
    );
    await waitFor('the listening connection', () => identityChangesOf(built.deps.db)?.live === true, 20_000);

    stop = true;
    await Promise.all(writers);
    expect(crashes).toEqual([]);
    // Every answer was a success or a 503: no server error, no hang.
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 503)).toEqual([]);

    // An outage is warned of, not logged as errors (no "unexpected error", no "job failed").
    const errors = logs.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 50);
    expect(errors.map((entry) => entry.msg)).toEqual([]);

    // Every write answered 200 is in the database.
    const direct = new URL(url);
    direct.pathname = `/${name}`;
    const check = new pg.Client({ connectionString: direct.toString() });
    await check.connect();
    try {
      const rows = await check.query<{ name: string }>(
        "select name from discussions where name like 'loss-%'",
      );
      const stored = new Set(rows.rows.map((row) => row.name));
      expect(acknowledged.filter((discussion) => !stored.has(discussion))).toEqual([]);
      expect(stored.size).toBeGreaterThanOrEqual(acknowledged.length);
    } finally {
      await check.end();
    }
  });
});
