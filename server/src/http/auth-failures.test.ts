import { randomBytes } from 'node:crypto';
import { auth } from '@extranet/contract';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../db/schema';
import { createTestApp, loginAs, type TestApp } from '../test/app';
import { createCompany, createUser } from '../test/factories';

const LIMIT = 3;
let app: TestApp;
/** Connections taken from the pool since the app started: each query takes one. */
let taken = 0;

beforeAll(async () => {
  app = await createTestApp({ AUTH_FAILURE_RATE_LIMIT: LIMIT });
  const pool = (app.deps.db as unknown as { $client: pg.Pool }).$client;
  pool.on('acquire', () => {
    taken++;
  });
});

const madeUpSession = () => `SessionCode ${randomBytes(32).toString('base64url')}`;
const madeUpKey = () => `Bearer exk_${randomBytes(32).toString('base64url')}`;

/** get_session with this Authorization header from this client address. */
async function getSession(authorization: string, address: string) {
  const before = taken;
  const response = await app.app.inject({
    method: 'POST',
    url: `/api${auth.getSession.path}`,
    payload: {},
    headers: { authorization },
    remoteAddress: address,
  });
  return {
    status: response.statusCode,
    body: response.json(),
    headers: response.headers,
    queries: taken - before,
  };
}

describe('unknown tokens', () => {
  it('answers a made-up session token sent again from memory, without a query', async () => {
    const token = madeUpSession();
    const first = await getSession(token, '10.0.0.1');
    expect(first.status).toBe(401);
    expect(first.queries).toBeGreaterThan(0);
    const again = await getSession(token, '10.0.0.1');
    expect(again).toMatchObject({ status: 401, queries: 0 });
  });

  it('answers a made-up API key sent again from memory, without a query', async () => {
    const key = madeUpKey();
    const first = await getSession(key, '10.0.0.2');
    expect(first.status).toBe(401);
    expect(first.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect(first.queries).toBeGreaterThan(0);
    const again = await getSession(key, '10.0.0.2');
    expect(again).toMatchObject({ status: 401, queries: 0 });
  });

  it('forgets a miss at once when who a token may be changes: a session let in again works', async () => {
    const company = await createCompany(app.deps.db);
    const user = await createUser(app.deps.db, { companyIds: [company.id] });
    const token = await loginAs(app, user);
    await app.deps.db.update(companies).set({ active: false }).where(eq(companies.id, company.id));
    expect((await getSession(`SessionCode ${token}`, '10.0.0.3')).status).toBe(401);
    await app.deps.db.update(companies).set({ active: true }).where(eq(companies.id, company.id));
    expect((await getSession(`SessionCode ${token}`, '10.0.0.3')).status).toBe(200);
  });
});

describe('AUTH_FAILURE_RATE_LIMIT', () => {
  it('answers an address 429 with Retry-After past the limit of unknown session tokens, then asks nothing', async () => {
    const address = '10.0.1.1';
    for (let i = 0; i < LIMIT; i++) expect((await getSession(madeUpSession(), address)).status).toBe(401);
    const over = await getSession(madeUpSession(), address);
    expect(over.status).toBe(429);
    expect(over.body).toEqual({
      failure: { code: 'rate_limited', details: { reason: 'authentication_failures' } },
    });
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const next = await getSession(madeUpSession(), address);
    expect(next).toMatchObject({ status: 429, queries: 0 });
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await getSession(madeUpSession(), '10.0.1.2')).status).toBe(401);
  });

  it('counts unknown API keys alike', async () => {
    const address = '10.0.2.1';
    for (let i = 0; i < LIMIT; i++) expect((await getSession(madeUpKey(), address)).status).toBe(401);
    const over = await getSession(madeUpKey(), address);
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await getSession(madeUpKey(), address)).queries).toBe(0);
  });

  it('keeps letting in a session this instance already holds, from the refused address', async () => {
    const company = await createCompany(app.deps.db);
    const user = await createUser(app.deps.db, { companyIds: [company.id] });
    const token = await loginAs(app, user);
    const address = '10.0.3.1';
    expect((await getSession(`SessionCode ${token}`, address)).status).toBe(200);
    for (let i = 0; i <= LIMIT; i++) await getSession(madeUpSession(), address);
    expect((await getSession(madeUpSession(), address)).status).toBe(429);
    expect((await getSession(`SessionCode ${token}`, address)).status).toBe(200);
  });

  it('does not count a request without a token, nor a valid one', async () => {
    const address = '10.0.4.1';
    const company = await createCompany(app.deps.db);
    const user = await createUser(app.deps.db, { companyIds: [company.id] });
    const token = await loginAs(app, user);
    for (let i = 0; i < LIMIT + 2; i++) {
      expect((await getSession('', address)).status).toBe(401);
      expect((await getSession(`SessionCode ${token}`, address)).status).toBe(200);
    }
    expect((await getSession(madeUpSession(), address)).status).toBe(401);
  });
});
