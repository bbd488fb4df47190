import { Writable } from 'node:stream';
import { auth, orders, wms } from '@extranet/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import { users, wmsEvents } from '../db/schema';
import { signWms } from '../modules/wms/wms.signature';
import { createTestApp, loginAs, openTestDatabase, type TestApp, testConfig } from '../test/app';
import { createCompany, createUser } from '../test/factories';

const WMS_SECRET = 'a-test-secret-of-some-length';
const ALL = ['umgr', 'cmgr', 'stck', 'pord', 'sord', 'reps'] as const;

let app: TestApp;
let adminToken: string;

beforeAll(async () => {
  app = await createTestApp({ WMS_SECRET });
  const admin = await createUser(app.deps.db, { roleId: 99, permissions: [...ALL] });
  adminToken = await loginAs(app, admin);
});

function post(url: string, payload: string | object, token?: string, headers: Record<string, string> = {}) {
  return app.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `SessionCode ${token}` } : {}),
      ...headers,
    },
  });
}

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('bodies the server must refuse without crashing', () => {
  it('refuses JSON nested 10,000 levels deep as malformed, on anonymous and session calls', async () => {
    const deep = `{"username": "admin", "password": ${nested(10_000)}}`;
    const anonymous = await post(`/api${auth.login.path}`, deep);
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json().failure.code).toBe('malformed_api_request');
    const withSession = await post(
      `/api${auth.changeGeneralSelf.path}`,
      `{"fio": ${nested(10_000)}}`,
      adminToken,
    );
    expect(withSession.statusCode).toBe(400);
    const object = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    expect((await post(`/api${auth.getSession.path}`, object, adminToken)).statusCode).toBe(400);
  });

  it('still takes bodies nested as deep as a real call needs', async () => {
    const response = await post(
      `/api${orders.purch.listOrders.path}`,
      { filters: { creation_date_from: { $date: '2026-01-01' } } },
      adminToken,
    );
    expect(response.statusCode).toBe(200);
  });

  it('refuses a year 0000 date and an integer past the database column as malformed', async () => {
    const year0 = await post(
      `/api${orders.purch.listOrders.path}`,
      { filters: { creation_date_from: { $date: '0000-01-01' } } },
      adminToken,
    );
    expect(year0.statusCode).toBe(400);
    expect(year0.json().failure.code).toBe('crud_filter_invalid_type');
    const role = await post(
      `/api${auth.listUsers.path}`,
      { filters: { role_id: 2_147_483_648 } },
      adminToken,
    );
    expect(role.statusCode).toBe(400);
    expect(role.json().failure.code).toBe('crud_filter_invalid_type');
    const withinRange = await post(
      `/api${auth.listUsers.path}`,
      { filters: { role_id: 2_147_483_647 } },
      adminToken,
    );
    expect(withinRange.json()).toEqual({ items: [], more: false });
  });

  it('answers a signed warehouse event with NUL in its event_id 400 and records nothing', async () => {
    const raw = JSON.stringify({ event_id: 'evt\u0000-1' });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const response = await post('/api/wms/events', raw, undefined, {
      [wms.WMS_TIMESTAMP_HEADER]: timestamp,
      [wms.WMS_SIGNATURE_HEADER]: signWms(WMS_SECRET, timestamp, raw),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().failure.code).toBe('malformed_api_request');
    const [events] = await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(wmsEvents);
    expect(events!.n).toBe(0);
  });
});

describe('API answers are never cached', () => {
  it('sends Cache-Control: no-store on answers, refusals and unknown calls', async () => {
    expect((await post(`/api${auth.getSession.path}`, {}, adminToken)).headers['cache-control']).toBe(
      'no-store',
    );
    expect((await post(`/api${auth.getSession.path}`, {})).headers['cache-control']).toBe('no-store');
    expect((await post('/api/no/such/call', {})).headers['cache-control']).toBe('no-store');
  });
});

describe('unique indexes under concurrent writes', () => {
  const lines: string[] = [];
  let logged: Awaited<ReturnType<typeof buildApp>>;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;

  beforeAll(async () => {
    database = await openTestDatabase();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    logged = await buildApp(testConfig({ LOG_LEVEL: 'info' }), { database, jobs: false, logStream: stream });
    logged.app.post('/api/test/failed-query', async () => {
      await logged.deps.db.execute(sql`select 1 / 0 where ${'$argon2id$v=19$m=19456$secret'} <> ''`);
    });
  });
  // Registered beside the set-up, not inside it: a hook added while hooks run is never called,
  // and this file's database was left behind on PostgreSQL after every run.
  afterAll(async () => {
    await logged?.app.close();
    await database?.close();
  });

  it('answers dublicate_username to every add_user that loses a race for one name, and logs no hash', async () => {
    const company = await createCompany(logged.deps.db);
    const admin = await createUser(logged.deps.db, { roleId: 99, permissions: [...ALL] });
    const login = await logged.app.inject({
      method: 'POST',
      url: `/api${auth.login.path}`,
      payload: { username: admin.username, password: admin.password },
    });
    const token = login.json().session_code as string;
    const attempts = await Promise.all(
      Array.from({ length: 6 }, () =>
        logged.app.inject({
          method: 'POST',
          url: `/api${auth.addUser.path}`,
          headers: { authorization: `SessionCode ${token}` },
          payload: {
            username: 'Racing.Name',
            password: 'Hx7!pqLm-2Vw',
            password_conf: 'Hx7!pqLm-2Vw',
            role: 1,
            companies: [company.id],
          },
        }),
      ),
    );
    const bodies = attempts.map((attempt) => ({ status: attempt.statusCode, body: attempt.json() }));
    expect(bodies.filter((b) => b.body.user_id)).toHaveLength(1);
    expect(bodies.filter((b) => !b.body.user_id)).toEqual(
      Array(5).fill({ status: 200, body: { failure: { code: 'dublicate_username' } } }),
    );
    const created = await logged.deps.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.username})`, 'racing.name'));
    expect(created).toHaveLength(1);
    expect(lines.join('')).not.toContain('$argon2');
  });

  it('logs a failed query by its SQL without its parameters', async () => {
    const before = lines.length;
    const response = await logged.app.inject({ method: 'POST', url: '/api/test/failed-query', payload: {} });
    expect(response.statusCode).toBe(500);
    const logLines = lines.slice(before).join('');
    expect(logLines).toContain('Failed query');
    expect(logLines).toContain('division by zero');
    expect(logLines).not.toContain('$argon2id');
  });
});

describe('TRUST_PROXY', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let scenario = 0;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  /** Login attempts through a proxy; each scenario's clients are new to the count. */
  async function attempts(trustProxy: string | undefined, clients: number[]) {
    scenario++;
    const built = await buildApp(
      loadConfig(
        {
          LOG_LEVEL: 'silent',
          DATA_DIR: '/tmp/extranet-test-unused',
          LOGIN_RATE_LIMIT: '2',
          ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}),
        },
        { demo: false },
      ),
      { database, jobs: false },
    );
    try {
      const statuses: number[] = [];
      for (const client of clients.map((n) => `203.0.${scenario}.${n}`)) {
        const response = await built.app.inject({
          method: 'POST',
          url: `/api${auth.login.path}`,
          // A name of its own per scenario: the progressive delay per username is not under test.
          payload: { username: `nobody-${scenario}`, password: 'wrong-password' },
          remoteAddress: `10.0.0.${scenario}`,
          headers: { 'x-forwarded-for': client },
        });
        statuses.push(response.statusCode);
      }
      return statuses;
    } finally {
      await built.app.close();
    }
  }

  const clients = [1, 2, 3, 1, 1];

  it('counts login attempts per forwarded client behind a trusted proxy', async () => {
    expect(await attempts('1', clients)).toEqual([200, 200, 200, 200, 429]);
    expect(await attempts('10.0.0.0/8', clients)).toEqual([200, 200, 200, 200, 429]);
  });

  it('ignores X-Forwarded-For when no proxy is trusted: one bucket for the peer', async () => {
    expect(await attempts(undefined, clients)).toEqual([200, 200, 429, 429, 429]);
    expect(await attempts('192.168.0.0/16', clients)).toEqual([200, 200, 429, 429, 429]);
  });

  it('refuses a setting that is neither a hop count nor addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
    ]);
  });
});
