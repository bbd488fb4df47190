import { auth } from '@extranet/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { rateLimits, users } from '../db/schema';
import { createTestApp, type TestApp, testConfig } from '../test/app';
import { createUser, TEST_PASSWORD } from '../test/factories';
import { countHit, forgetOldRateLimits } from './rate-limit-store';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ LOGIN_RATE_LIMIT: 3 });
  app.app.post('/api/test/explode', async () => {
    throw new Error('secret internals');
  });
});

let addresses = 0;

/** Signs in from an address of its own: this file's login limit is 3 a minute per address. */
async function signIn(user: { username: string }): Promise<string> {
  const response = await app.app.inject({
    method: 'POST',
    url: `/api${auth.login.path}`,
    payload: { username: user.username, password: TEST_PASSWORD },
    remoteAddress: `10.8.0.${++addresses}`,
  });
  return response.json().session_code;
}

/** A raw call, with the session of `token` when given. */
function post(url: string, payload?: unknown, token?: string, headers: Record<string, string> = {}) {
  return app.app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { ...(token ? { authorization: `SessionCode ${token}` } : {}), ...headers },
  });
}

describe('error envelope', () => {
  it('answers an unexpected exception with server_error and no internals', async () => {
    const response = await app.app.inject({ method: 'POST', url: '/api/test/explode', payload: {} });
    expect(response.statusCode).toBe(500);
    expect(response.json().failure.code).toBe('server_error');
    expect(response.body).not.toContain('secret internals');
    expect(response.json().failure.details.request_id).toBeTypeOf('string');
  });

  it('checks the session and the permission before the input: 401 and 403 come first', async () => {
    expect((await post('/api/orders/purch/view_order', {})).statusCode).toBe(401);
    expect((await post('/api/orders/purch/view_order', { head_id: 'x' }, 'not-a-token')).statusCode).toBe(
      401,
    );
    const token = await signIn(await createUser(app.deps.db, { permissions: [] }));
    const forbidden = await post('/api/auth/list_users', { filters: { foo: 1 } }, token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ failure: { code: 'forbidden' } });
    // With the right to make the call, the input is checked.
    const bad = await post('/api/discussions/get_discussion_general', { discussion_id: 'x' }, token);
    expect(bad.statusCode).toBe(400);
  });

  it('takes a call made with no body as {}, with or without a JSON content type', async () => {
    const user = await createUser(app.deps.db);
    const token = await signIn(user);
    const bare = await post('/api/auth/get_session', undefined, token);
    expect(bare.statusCode).toBe(200);
    expect(bare.json().user_id).toBe(user.id);
    const emptyJson = await post('/api/auth/get_session', '', token, { 'content-type': 'application/json' });
    expect(emptyJson.statusCode).toBe(200);
  });

  it('refuses text with a NUL character as malformed input, and changes nothing', async () => {
    const user = await createUser(app.deps.db);
    const token = await signIn(user);
    const response = await post(
      '/api/auth/change_general_self',
      { fio: 'Anna\u0000Berzina', email: null, lang: 'en' },
      token,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().failure.code).toBe('malformed_api_request');
    const [row] = await app.deps.db.select({ fio: users.fio }).from(users).where(eq(users.id, user.id));
    expect(row!.fio).toBe(user.fio);
    const login = await app.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'x\u0000', password: 'whatever-it-is' },
      remoteAddress: '10.9.9.11',
    });
    expect(login.statusCode).toBe(400);
  });

  it('names the refused field of a schema refusal', async () => {
    const token = await signIn(await createUser(app.deps.db));
    const response = await post(
      '/api/auth/change_general_self',
      { fio: 'Anna', email: 'not an email', lang: 'en' },
      token,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().failure.details).toEqual([expect.objectContaining({ path: 'email' })]);
  });

  it('answers malformed JSON with 400', async () => {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"username": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      failure: { code: 'malformed_api_request', details: expect.anything() },
    });
  });

  it('answers a body over 1 MiB with 400', async () => {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: JSON.stringify({ username: 'a', password: 'x'.repeat(1024 * 1024 + 10) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().failure.code).toBe('malformed_api_request');
  });

  it('answers an unknown call with 404 and a failure body', async () => {
    const response = await app.app.inject({ method: 'POST', url: '/api/nope/nothing', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json().failure.code).toBe('malformed_api_request');
  });

  it('answers a non-JSON content type with 400', async () => {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'username=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('page configuration and headers', () => {
  it('serves /config.json', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/config.json' });
    expect(response.json()).toEqual({
      apiBaseUrl: '/api',
      timeoutMs: 30000,
      COMMENT_MAX_FILES: 5,
      COMMENT_MAX_FILESIZE: 10 * 1024 * 1024,
      COMMENT_ACCEPTED_FILES: expect.stringContaining('.pdf'),
      REPORT_ALLOWED_HOSTS: [],
      TRACKING_URLS: {},
      SLOT_TIME_ZONE: 'Europe/Riga',
    });
  });

  it('sends security headers with a CSP that lets reports embed http(s) pages', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/config.json' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/frame-src 'self' http: https:/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/api/auth/login');
  });
});

describe('login rate limit', () => {
  it('answers 429 with Retry-After past the limit per address', async () => {
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 4; i++) {
      const response = await app.app.inject({
        method: 'POST',
        url: `/api${auth.login.path}`,
        payload: { username: 'someone', password: 'wrong-password' },
        remoteAddress: '10.9.9.9',
      });
      statuses.push(response.statusCode);
      retryAfter = response.headers['retry-after'] as string | undefined;
      if (response.statusCode === 429) expect(response.json().failure.code).toBe('rate_limited');
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

describe('the login limit across instances', () => {
  it('counts the attempts of one address on every instance together, per window', async () => {
    const other = await buildApp(testConfig({ LOGIN_RATE_LIMIT: 3 }), {
      database: app.database,
      jobs: false,
    });
    try {
      const statuses: number[] = [];
      for (const instance of [app.app, other.app, app.app, other.app]) {
        const response = await instance.inject({
          method: 'POST',
          url: `/api${auth.login.path}`,
          payload: { username: 'someone', password: 'wrong-password' },
          remoteAddress: '10.9.9.10',
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await other.app.close();
    }
  });

  it('starts a new window once the last one is over, and forgets old windows', async () => {
    const key = `test-window-${Date.now()}`;
    expect(await countHit(app.deps.db, key, 60_000)).toMatchObject({ current: 1 });
    const second = await countHit(app.deps.db, key, 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(50_000);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    await app.deps.db
      .update(rateLimits)
      .set({ windowStart: sql`now() - interval '2 days'` })
      .where(eq(rateLimits.key, key));
    expect(await countHit(app.deps.db, key, 60_000)).toMatchObject({ current: 1 });
    await app.deps.db
      .update(rateLimits)
      .set({ windowStart: sql`now() - interval '2 days'` })
      .where(eq(rateLimits.key, key));
    await forgetOldRateLimits(app.deps.db);
    expect(await app.deps.db.select().from(rateLimits).where(eq(rateLimits.key, key))).toEqual([]);
  });
});

describe('the web app', () => {
  it('serves built files and answers every other page with index.html', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dist = mkdtempSync(path.join(tmpdir(), 'extranet-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    const web = await createTestApp({ WEB_DIST: dist });
    const root = await web.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<title>app</title>');
    const page = await web.app.inject({ method: 'GET', url: '/orders/purch/view/12?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>app</title>');
    writeFileSync(path.join(dist, 'assets', 'late-def456.js'), 'console.log(2)');
    const asset = await web.app.inject({ method: 'GET', url: '/assets/late-def456.js' });
    expect(asset.body).toBe('console.log(2)');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    // A document's policies go with the pages; a script keeps what a script obeys.
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['referrer-policy']).toBe('no-referrer');
    expect((await web.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});
