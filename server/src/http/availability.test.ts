import { auth, discussions } from '@extranet/contract';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../app';
import type { Database } from '../db/client';
import { openTestDatabase, testConfig } from '../test/app';
import { createCompany, createUser } from '../test/factories';

/** Probes, the drain of a shutdown, and the answers of a database that cannot answer in time. */

let database: Database;
let built: BuiltApp;
let base = '';
let token = '';
const logs: string[] = [];
/** The calls of /test/slow say they started, and wait for finishSlow. */
let slowStarted: () => void = () => {};
let finishSlow: () => void = () => {};

beforeAll(async () => {
  database = await openTestDatabase({ statementTimeoutMs: 500 });
  built = await buildApp(testConfig({ LOG_LEVEL: 'warn' }), {
    database,
    jobs: false,
    logStream: { write: (line: string) => void logs.push(line) },
  });
  // A call that runs until the test lets it finish, and one whose query PostgreSQL cancelled.
  built.app.post('/api/test/slow', async () => {
    await new Promise<void>((resolve) => {
      finishSlow = resolve;
      slowStarted();
    });
    return { done: true };
  });
  built.app.post('/api/test/cancelled', async () => {
    const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
    throw new DrizzleQueryError('select pg_sleep(60)', [], cancelled);
  });
  base = await built.app.listen({ host: '127.0.0.1', port: 0 });
  const company = await createCompany(database.db);
  const user = await createUser(database.db, { roleId: 99, companyIds: [company.id] });
  const login = await post(auth.login.path, { username: user.username, password: user.password });
  token = login.body.session_code;
});

afterAll(async () => {
  await built.app.close();
  await database.close();
});

async function post(path: string, body: unknown = {}) {
  const response = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `SessionCode ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

async function get(path: string) {
  const response = await fetch(`${base}${path}`);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: await response.json(),
  };
}

describe('health and readiness', () => {
  it('answers /healthz and /readyz in JSON, not with the web app', async () => {
    expect(await get('/healthz')).toEqual({
      status: 200,
      type: 'application/json; charset=utf-8',
      body: { status: 'ok' },
    });
    expect(await get('/readyz')).toEqual({
      status: 200,
      type: 'application/json; charset=utf-8',
      body: { status: 'ready' },
    });
  });

  it('is not ready while a migration of this build is missing from the database', async () => {
    const [last] = (
      (await database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at::text as created_at`,
      )) as unknown as { rows: { hash: string; created_at: string }[] }
    ).rows;
    try {
      expect(await get('/readyz')).toMatchObject({
        status: 503,
        body: { status: 'unavailable', reason: 'database migrations are not applied' },
      });
      expect((await get('/healthz')).status).toBe(200);
    } finally {
      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${last!.hash}, ${last!.created_at}::bigint)`,
      );
    }
    expect((await get('/readyz')).status).toBe(200);
  });
});

describe('a query past its statement timeout', () => {
  it('answers 503 query_too_slow and says so at warn with the call and its time', async () => {
    const answer = await post('/test/cancelled');
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 503,
      body: { failure: { code: 'query_too_slow' } },
    });
    const line = logs.map((text) => JSON.parse(text)).find((entry) => entry.call === '/api/test/cancelled');
    expect(line).toMatchObject({ level: 40, call: '/api/test/cancelled', ms: expect.any(Number) });
  });

  it('is what a list answers when PostgreSQL cancels its query (the embedded database cannot cancel one)', async () => {
    const list = () => post(discussions.listDiscussionNormal.path, { count: 10 });
    if (database.kind === 'pglite') {
      // PGlite has no statement timeout: its calls are bounded by EMBEDDED_DB_QUERY_BUDGET_MS.
      expect((await list()).status).toBe(200);
      return;
    }
    // A lock held elsewhere keeps the list's query waiting past the 500 ms statement timeout.
    const answer = await database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table discussions in access exclusive mode`);
      return list();
    });
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 503,
      body: { failure: { code: 'query_too_slow' } },
    });
    expect((await list()).status).toBe(200);
  });
});

describe('the drain of a shutdown', () => {
  it('finishes the running call, ends live streams with a retry hint, refuses new calls and is no longer ready', async () => {
    const stream = await fetch(`${base}/api/events`, { headers: { authorization: `SessionCode ${token}` } });
    expect(stream.status).toBe(200);
    const started = new Promise<void>((resolve) => {
      slowStarted = resolve;
    });
    const slow = post('/test/slow');
    await started;

    let finished = false;
    const drained = built.lifecycle.drain(30_000).then((inTime) => {
      finished = true;
      return inTime;
    });
    const events = await stream.text();
    expect(events).toMatch(/\nretry: \d+\n\n$/);

    expect(await get('/readyz')).toMatchObject({
      status: 503,
      body: { status: 'unavailable', reason: 'shutting down' },
    });
    expect((await get('/healthz')).status).toBe(200);
    const refused = await post(auth.getSession.path);
    expect({
      status: refused.status,
      body: refused.body,
      connection: refused.headers.get('connection'),
    }).toEqual({
      status: 503,
      body: { failure: { code: 'server_unavailable' } },
      connection: 'close',
    });

    // The drain waits for the running call.
    expect(finished).toBe(false);
    finishSlow();
    expect(await slow).toMatchObject({ status: 200, body: { done: true } });
    expect(await drained).toBe(true);
  });
});
