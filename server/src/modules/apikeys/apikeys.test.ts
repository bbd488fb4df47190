import { randomBytes } from 'node:crypto';
import {
  apikeys,
  auth,
  type CallDef,
  discussions,
  notifications,
  orders,
  reports,
  stock,
} from '@extranet/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, reports as reportsTable, users } from '../../db/schema';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createCompany, createUser } from '../../test/factories';

let app: TestApp;
let managerToken: string;
let peerToken: string;
let outsiderToken: string;
let adminToken: string;
let manager: Awaited<ReturnType<typeof createUser>>;
let alpha: Awaited<ReturnType<typeof createCompany>>;
let beta: Awaited<ReturnType<typeof createCompany>>;
let foreign: Awaited<ReturnType<typeof createCompany>>;
let alphaReport: number;
let betaReport: number;
let foreignReport: number;

const inAYear = () => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + 300);
  return date.toISOString().slice(0, 10);
};
const today = () => new Date().toISOString().slice(0, 10);

/** A call made with an API key, as a client's system makes it. */
async function keyCall(
  target: TestApp,
  call: CallDef,
  body: Record<string, unknown>,
  secret: string,
): Promise<{ status: number; body: any; headers: Record<string, unknown> }> {
  const response = await target.app.inject({
    method: 'POST',
    url: `/api${call.path}`,
    payload: body,
    headers: { authorization: `Bearer ${secret}` },
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** A multipart upload of one file, as the web app sends it, with this Authorization header. */
async function uploadFile(authorization: string, name: string, content: string) {
  const boundary = `----key${randomBytes(8).toString('hex')}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${name}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\n` +
      `Content-Type: text/plain\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  );
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/files/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization },
  });
  return { status: response.statusCode, body: response.json() };
}

function downloadFile(authorization: string, code: string) {
  return app.app.inject({
    method: 'GET',
    url: `/api/files/download?code=${encodeURIComponent(code)}`,
    headers: { authorization },
  });
}

async function addKey(token: string, body: Record<string, unknown>, target: TestApp = app) {
  const response = await target.call(
    apikeys.addKey,
    { name: 'ERP', permissions: [], expires: { $date: inAYear() }, ...body },
    token,
  );
  expect(response.body.failure).toBeUndefined();
  return response.body as { key_id: number; secret: string };
}

async function listed(token: string, keyId: number) {
  const response = await app.call(apikeys.listKeys, { count: 1000 }, token);
  return (response.body.items as apikeys.KeyRow[]).find((item) => item.key_id === keyId);
}

async function createReport(companyId: number, name: string) {
  const [row] = await app.deps.db
    .insert(reportsTable)
    .values({ companyId, name, url: 'https://bi.example.com/r' })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  app = await createTestApp();
  const db = app.deps.db;
  alpha = await createCompany(db, { name: 'Alpha Trading' });
  beta = await createCompany(db, { name: 'Beta Foods' });
  foreign = await createCompany(db, { name: 'Foreign Goods' });
  manager = await createUser(db, {
    roleId: 7,
    permissions: ['umgr', 'pord', 'reps', 'stck'],
    companyIds: [alpha.id, beta.id],
  });
  managerToken = await loginAs(app, manager);
  const peer = await createUser(db, {
    roleId: 7,
    permissions: ['umgr', 'reps'],
    companyIds: [alpha.id, beta.id],
  });
  peerToken = await loginAs(app, peer);
  const outsider = await createUser(db, {
    roleId: 7,
    permissions: ['umgr', 'reps'],
    companyIds: [foreign.id],
  });
  outsiderToken = await loginAs(app, outsider);
  const admin = await createUser(db, {
    roleId: 99,
    permissions: ['umgr', 'cmgr', 'reps', 'pord', 'sord', 'stck'],
  });
  adminToken = await loginAs(app, admin);
  alphaReport = await createReport(alpha.id, 'Alpha sales');
  betaReport = await createReport(beta.id, 'Beta sales');
  foreignReport = await createReport(foreign.id, 'Foreign sales');
});

describe('apikeys/add_key and list_keys', () => {
  it('answers the secret once and lists the key with its hint, never the secret', async () => {
    const { key_id, secret } = await addKey(managerToken, {
      name: 'Web shop',
      permissions: ['pord', 'reps'],
    });
    expect(secret).toMatch(apikeys.KEY_SECRET_PATTERN);
    const response = await app.call(apikeys.listKeys, { count: 1000 }, managerToken);
    expect(JSON.stringify(response.body)).not.toContain(secret);
    const row = (response.body.items as apikeys.KeyRow[]).find((item) => item.key_id === key_id);
    expect(row).toEqual({
      key_id,
      name: 'Web shop',
      secret_hint: secret.slice(-4),
      permissions: ['pord', 'reps'],
      scopes: [],
      companies: [
        { company_id: alpha.id, name: 'Alpha Trading' },
        { company_id: beta.id, name: 'Beta Foods' },
      ],
      owner: { user_id: manager.id, username: manager.username },
      created: { $datetime: expect.any(String) },
      expires: { $date: inAYear() },
      last_used: null,
      revoked: null,
      status: 'active',
    });
    // Only a hash is stored: no column holds the secret.
    const [stored] = await app.deps.db.select().from(apiKeys).where(eq(apiKeys.id, key_id));
    expect(JSON.stringify(stored)).not.toContain(secret.slice(4));
  });

  it('refuses permissions the caller does not hold, umgr and unknown ones, adding nothing', async () => {
    const before = await app.deps.db.select({ value: sql<number>`count(*)::int` }).from(apiKeys);
    const lacking = await app.call(
      apikeys.addKey,
      { name: 'x', permissions: ['pord', 'cmgr', 'sord'], expires: { $date: inAYear() } },
      managerToken,
    );
    expect(lacking.body.failure).toEqual({
      code: 'permissions_error',
      details: { permissions: ['cmgr', 'sord'] },
    });
    const manage = await app.call(
      apikeys.addKey,
      { name: 'x', permissions: ['umgr'], expires: { $date: inAYear() } },
      managerToken,
    );
    expect(manage.body.failure).toEqual({
      code: 'permissions_error',
      details: { permissions: ['umgr'], reason: 'not_for_api_keys' },
    });
    const unknown = await app.call(
      apikeys.addKey,
      { name: 'x', permissions: ['root'], expires: { $date: inAYear() } },
      managerToken,
    );
    expect(unknown.status).toBe(200);
    expect(unknown.body.failure.code).toBe('permission_unknown');
    const after = await app.deps.db.select({ value: sql<number>`count(*)::int` }).from(apiKeys);
    expect(after[0]!.value).toBe(before[0]!.value);
  });

  it('refuses an expiry in the past or more than a year ahead', async () => {
    const past = await app.call(
      apikeys.addKey,
      { name: 'x', permissions: [], expires: { $date: '2020-01-01' } },
      managerToken,
    );
    expect(past.body.failure).toMatchObject({ code: 'api_key_expiry_invalid', details: { reason: 'past' } });
    const far = await app.call(
      apikeys.addKey,
      { name: 'x', permissions: [], expires: { $date: '2999-01-01' } },
      managerToken,
    );
    expect(far.body.failure).toMatchObject({
      code: 'api_key_expiry_invalid',
      details: { reason: 'too_far', latest: apikeys.latestKeyExpiry(today()) },
    });
  });

  it('takes only companies of the caller, and role 99 must name them', async () => {
    const other = await app.call(
      apikeys.addKey,
      { name: 'x', permissions: [], expires: { $date: inAYear() }, companies: [alpha.id, foreign.id] },
      managerToken,
    );
    expect(other.body.failure).toEqual({
      code: 'company_not_permitted',
      details: { companies: [foreign.id] },
    });
    const unnamed = await app.call(
      apikeys.addKey,
      { name: 'x', permissions: [], expires: { $date: inAYear() } },
      adminToken,
    );
    expect(unnamed.body.failure).toEqual({ code: 'no_companies_specified' });
  });

  it("lists keys of the caller's companies to their other managers, and not to other companies", async () => {
    const { key_id } = await addKey(managerToken, { name: 'Shared' });
    expect(await listed(peerToken, key_id)).toMatchObject({ name: 'Shared' });
    expect(await listed(outsiderToken, key_id)).toBeUndefined();
    expect(await listed(adminToken, key_id)).toMatchObject({ name: 'Shared' });
  });

  it('needs umgr', async () => {
    const clerk = await createUser(app.deps.db, { permissions: ['pord'], companyIds: [alpha.id] });
    const token = await loginAs(app, clerk);
    expect((await app.call(apikeys.listKeys, {}, token)).status).toBe(403);
    expect(
      (await app.call(apikeys.addKey, { name: 'x', permissions: [], expires: { $date: inAYear() } }, token))
        .status,
    ).toBe(403);
  });
});

describe('calls made with an API key', () => {
  it("acts with the key's permissions only, and records its last use", async () => {
    const { key_id, secret } = await addKey(managerToken, { permissions: ['reps'] });
    expect((await listed(managerToken, key_id))?.last_used).toBeNull();
    const allowed = await keyCall(app, reports.listReports, {}, secret);
    expect(allowed.status).toBe(200);
    // The owner holds pord and stck, the key does not.
    expect((await keyCall(app, orders.purch.listOrders, {}, secret)).status).toBe(403);
    expect((await keyCall(app, stock.listStocks, {}, secret)).status).toBe(403);
    expect((await listed(managerToken, key_id))?.last_used).toEqual({ $datetime: expect.any(String) });
  });

  it('takes exports and raw routes through the same gate', async () => {
    const { secret } = await addKey(managerToken, { permissions: ['pord'], scopes: ['personal'] });
    const file = await app.app.inject({
      method: 'POST',
      url: `/api${orders.purch.exportOrders.path}`,
      payload: { filters: {}, format: 'csv' },
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/text\/csv/);
    const download = await app.app.inject({
      method: 'GET',
      url: '/api/files/download?code=missing-code-000000000000',
      headers: { authorization: `Bearer ${secret}` },
    });
    // Past the gate: the file is looked up (and is not there), not refused as unauthorized.
    expect(download.statusCode).toBe(200);
    expect(download.json()).toEqual({ failure: { code: 'file_not_found' } });
  });

  it('sees only its companies, as a user of them would', async () => {
    const { secret } = await addKey(managerToken, { permissions: ['reps'], companies: [alpha.id] });
    const list = await keyCall(app, reports.listReports, { count: 100 }, secret);
    expect(list.body.items.map((item: { report_id: number }) => item.report_id)).toEqual([alphaReport]);
    const beta_ = await keyCall(app, reports.viewReport, { report_id: betaReport }, secret);
    expect(beta_.body.failure.code).toBe('report_not_found');
    const foreign_ = await keyCall(app, reports.viewReport, { report_id: foreignReport }, secret);
    expect(foreign_.body.failure.code).toBe('report_not_found');
    const companies = await keyCall(app, auth.listLinkedCompanies, {}, secret);
    expect(companies.body.items.map((item: { company_id: number }) => item.company_id)).toEqual([alpha.id]);
  });

  it('of role 99 sees only the companies it names, not every company', async () => {
    const { secret } = await addKey(adminToken, { permissions: ['reps', 'cmgr'], companies: [beta.id] });
    const list = await keyCall(app, reports.listReports, { count: 100 }, secret);
    expect(list.body.items.map((item: { report_id: number }) => item.report_id)).toEqual([betaReport]);
    const companies = await keyCall(app, auth.listLinkedCompanies, {}, secret);
    expect(companies.body.items.map((item: { company_id: number }) => item.company_id)).toEqual([beta.id]);
  });

  it("cannot manage users or keys, nor make the calls of a person's own session", async () => {
    // The owner has umgr; the key never does.
    const { secret } = await addKey(managerToken, { permissions: ['reps'] });
    for (const call of [auth.listUsers, auth.getProfileForce, apikeys.listKeys, apikeys.revokeKey]) {
      const response = await keyCall(app, call, { user_id: manager.id, key_id: 1 }, secret);
      expect(response.status, call.path).toBe(403);
      expect(response.body.failure.code).toBe('forbidden');
    }
    const add = await keyCall(
      app,
      apikeys.addKey,
      { name: 'x', permissions: [], expires: { $date: inAYear() } },
      secret,
    );
    expect(add.status).toBe(403);
    for (const call of [
      auth.logout,
      auth.getSession,
      auth.changePasswordSelf,
      auth.changeGeneralSelf,
      auth.listSessions,
      auth.endOtherSessions,
      auth.beginTotp,
      auth.disableTotp,
    ]) {
      const response = await keyCall(app, call, {}, secret);
      expect(response.status, call.path).toBe(403);
      expect(response.body.failure).toEqual({ code: 'forbidden', details: { reason: 'not_for_api_keys' } });
    }
    // The key still works afterwards: none of these ended anything.
    expect((await keyCall(app, reports.listReports, {}, secret)).status).toBe(200);
  });

  it('reads nothing of its maker as a person without the personal scope: discussions, files, profile, inbox', async () => {
    const upload = await uploadFile(`SessionCode ${managerToken}`, 'minutes.txt', 'private minutes');
    expect(upload.status).toBe(200);
    const code = upload.body.code as string;
    const added = await app.call(
      discussions.addDiscussionPrivate,
      { company_id: alpha.id, name: 'Private talk', text: 'between us', files: [code] },
      managerToken,
    );
    expect(added.body.failure).toBeUndefined();
    const discussionId = added.body.discussion_id as number;
    const personalCalls: Array<[CallDef, Record<string, unknown>]> = [
      [discussions.listDiscussionPrivate, {}],
      [discussions.listDiscussionNormal, {}],
      [discussions.listDiscussionBroadcast, {}],
      [discussions.getDiscussionGeneral, { discussion_id: discussionId }],
      [discussions.listComments, { discussion_id: discussionId }],
      [discussions.addCommentGeneral, { discussion_id: discussionId, text: 'as the key' }],
      [discussions.addDiscussionNormal, { company_id: alpha.id, name: 'x', text: 'y' }],
      [discussions.listUsers, {}],
      [auth.getProfileSelf, {}],
      [auth.getTableColumns, {}],
      [notifications.listRecent, {}],
      [notifications.listNotifications, {}],
      [notifications.markSeen, {}],
    ];
    // Even a key with every permission its maker may give.
    const bare = await addKey(managerToken, { permissions: ['pord', 'stck', 'reps'] });
    for (const [call, body] of personalCalls) {
      const response = await keyCall(app, call, body, bare.secret);
      expect(response.status, call.path).toBe(403);
      expect(response.body.failure).toEqual({
        code: 'forbidden',
        details: { reason: 'scope_missing', scope: 'personal' },
      });
    }
    const refusedDownload = await downloadFile(`Bearer ${bare.secret}`, code);
    expect(refusedDownload.statusCode).toBe(403);
    const refusedUpload = await uploadFile(`Bearer ${bare.secret}`, 'x.txt', 'x');
    expect(refusedUpload.status).toBe(403);
    // Company data its permissions guard it still reads.
    expect((await keyCall(app, orders.purch.listOrders, {}, bare.secret)).status).toBe(200);

    const personal = await addKey(managerToken, { permissions: [], scopes: ['personal'] });
    const listed_ = await keyCall(app, discussions.listDiscussionPrivate, {}, personal.secret);
    expect(listed_.status).toBe(200);
    expect(listed_.body.items.map((item: { discussion_id: number }) => item.discussion_id)).toContain(
      discussionId,
    );
    const download = await downloadFile(`Bearer ${personal.secret}`, code);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('private minutes');
    expect((await keyCall(app, auth.getProfileSelf, {}, personal.secret)).body.username).toBe(
      manager.username,
    );
    // Its sign-in and access stay the person's own, scope or not.
    for (const call of [auth.listSessions, auth.changeGeneralSelf, apikeys.listKeys]) {
      expect((await keyCall(app, call, {}, personal.secret)).status, call.path).toBe(403);
    }
    expect((await listed(managerToken, personal.key_id))?.scopes).toEqual(['personal']);
    expect((await listed(managerToken, bare.key_id))?.scopes).toEqual([]);
  });

  it('works through its expiry day and is refused from the next day', async () => {
    const { key_id, secret } = await addKey(managerToken, {
      permissions: ['reps'],
      expires: { $date: today() },
    });
    expect((await keyCall(app, reports.listReports, {}, secret)).status).toBe(200);
    await app.deps.db
      .update(apiKeys)
      .set({ expiresOn: sql`(now() at time zone 'UTC')::date - 1` })
      .where(eq(apiKeys.id, key_id));
    const refused = await keyCall(app, reports.listReports, {}, secret);
    expect(refused.status).toBe(401);
    expect(refused.body.failure.code).toBe('unauthorized');
    expect(refused.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect((await listed(managerToken, key_id))?.status).toBe('expired');
  });

  it('is refused at once once revoked, by another manager of its companies', async () => {
    const { key_id, secret } = await addKey(managerToken, { permissions: ['reps'] });
    expect((await keyCall(app, reports.listReports, {}, secret)).status).toBe(200);
    const foreignRevoke = await app.call(apikeys.revokeKey, { key_id }, outsiderToken);
    expect(foreignRevoke.body.failure).toEqual({ code: 'api_key_not_found', details: { key_id } });
    expect((await keyCall(app, reports.listReports, {}, secret)).status).toBe(200);
    const revoke = await app.call(apikeys.revokeKey, { key_id }, peerToken);
    expect(revoke.body).toEqual({});
    expect((await keyCall(app, reports.listReports, {}, secret)).status).toBe(401);
    const row = await listed(managerToken, key_id);
    expect(row).toMatchObject({ status: 'revoked', revoked: { $datetime: expect.any(String) } });
    expect((await app.call(apikeys.revokeKey, { key_id }, managerToken)).body).toEqual({});
    const active = await app.call(apikeys.listKeys, { filters: { active: true }, count: 1000 }, managerToken);
    expect(active.body.items.map((item: { key_id: number }) => item.key_id)).not.toContain(key_id);
  });

  it('stops with its owner: a deactivated owner or a permission taken away', async () => {
    const owner = await createUser(app.deps.db, {
      roleId: 7,
      permissions: ['umgr', 'reps', 'pord'],
      companyIds: [alpha.id],
    });
    const token = await loginAs(app, owner);
    const { secret } = await addKey(token, { permissions: ['reps', 'pord'] });
    expect((await keyCall(app, orders.purch.listOrders, {}, secret)).status).toBe(200);
    await app.deps.db.execute(
      sql`delete from user_permissions where user_id = ${owner.id} and perm_id = 'pord'`,
    );
    expect((await keyCall(app, orders.purch.listOrders, {}, secret)).status).toBe(403);
    expect((await keyCall(app, reports.listReports, {}, secret)).status).toBe(200);
    await app.deps.db.update(users).set({ excluded: true }).where(eq(users.id, owner.id));
    expect((await keyCall(app, reports.listReports, {}, secret)).status).toBe(401);
  });

  it('refuses a secret it does not know or a malformed header', async () => {
    const unknown = `exk_${'A'.repeat(43)}`;
    expect((await keyCall(app, reports.listReports, {}, unknown)).status).toBe(401);
    expect((await keyCall(app, reports.listReports, {}, 'not-a-key')).status).toBe(401);
    const { secret } = await addKey(managerToken, { permissions: ['reps'] });
    // A key is not a session code.
    expect((await app.call(reports.listReports, {}, secret)).status).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('says which calls take an API key', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json();
    expect(Object.keys(document.components.securitySchemes)).toEqual(['session', 'apiKey']);
    expect(document.paths['/api/reports/list_reports'].post.security).toEqual([
      { session: [] },
      { apiKey: [] },
    ]);
    expect(document.paths['/api/apikeys/add_key'].post.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/auth/logout'].post.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/auth/login'].post.security).toEqual([]);
  });
});

describe('the rate limit of API keys', () => {
  let limited: TestApp;

  beforeAll(async () => {
    limited = await createTestApp({ API_KEY_RATE_LIMIT: 3 });
    const company = await createCompany(limited.deps.db);
    const owner = await createUser(limited.deps.db, {
      permissions: ['umgr', 'reps'],
      companyIds: [company.id],
    });
    const token = await loginAs(limited, owner);
    Object.assign(limited, { ownerToken: token });
  });

  it('answers 429 with Retry-After past API_KEY_RATE_LIMIT calls a minute, per key', async () => {
    const token = (limited as TestApp & { ownerToken: string }).ownerToken;
    const first = await addKey(token, { permissions: ['reps'] }, limited);
    const second = await addKey(token, { permissions: ['reps'] }, limited);
    const remaining: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await keyCall(limited, reports.listReports, {}, first.secret);
      expect(response.status).toBe(200);
      remaining.push(response.headers['x-ratelimit-remaining']);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const refused = await keyCall(limited, reports.listReports, {}, first.secret);
    expect(refused.status).toBe(429);
    expect(refused.body.failure.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another key has a count of its own; sessions are not counted.
    expect((await keyCall(limited, reports.listReports, {}, second.secret)).status).toBe(200);
    expect((await limited.call(reports.listReports, {}, token)).status).toBe(200);
  });
});
