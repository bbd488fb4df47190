import { auth, BACKGROUND_REFRESH_HEADER } from '@extranet/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createCompany, createUser } from '../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

describe('login', () => {
  it('returns a session with the access flags of the user', async () => {
    const company = await createCompany(app.deps.db);
    const user = await createUser(app.deps.db, {
      permissions: ['pord', 'stck'],
      companyIds: [company.id],
      fio: 'Anna',
    });
    const response = await app.call(auth.login, {
      username: user.username.toUpperCase(),
      password: user.password,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      session_limited: false,
      username: user.username,
      fio: 'Anna',
      user_id: user.id,
      pord: true,
      stck: true,
      umgr: false,
      sord: false,
      has_new_notifications: false,
    });
    expect(response.body.session_code).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores only the hash of the token', async () => {
    const user = await createUser(app.deps.db);
    const token = await loginAs(app, user);
    const rows = await app.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    const user = await createUser(app.deps.db);
    const wrong = await app.call(auth.login, { username: user.username, password: 'wrong-password' });
    const unknown = await app.call(auth.login, { username: 'nobody-here', password: 'wrong-password' });
    expect(wrong).toEqual({ status: 200, body: { failure: { code: 'auth_error' } } });
    expect(unknown).toEqual(wrong);
  });

  it('locks the account after five failures in a row, even for the right password', async () => {
    const user = await createUser(app.deps.db);
    for (let i = 0; i < 5; i++) {
      const response = await app.call(auth.login, { username: user.username, password: 'wrong-password' });
      expect(response.body.failure.code).toBe('auth_error');
    }
    const locked = await app.call(auth.login, { username: user.username, password: user.password });
    expect(locked.body.failure.code).toBe('too_many_login_failures');
    const [row] = await app.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.tooManyLoginFailures).toBe(true);
  });

  it('resets the failure count after a successful login', async () => {
    const user = await createUser(app.deps.db);
    for (let i = 0; i < 4; i++)
      await app.call(auth.login, { username: user.username, password: 'wrong-password' });
    await loginAs(app, user);
    await app.call(auth.login, { username: user.username, password: 'wrong-password' });
    const ok = await app.call(auth.login, { username: user.username, password: user.password });
    expect(ok.body.session_code).toBeDefined();
  });

  it('refuses a disabled user with user_excluded', async () => {
    const user = await createUser(app.deps.db, { excluded: true });
    const response = await app.call(auth.login, { username: user.username, password: user.password });
    expect(response.body).toEqual({ failure: { code: 'user_excluded' } });
  });

  it('gives a limited session when the password is expired', async () => {
    const user = await createUser(app.deps.db, { passwordExpired: true });
    const response = await app.call(auth.login, { username: user.username, password: user.password });
    expect(response.body.session_limited).toBe(true);
  });

  it('refuses malformed bodies with 400 before any handler', async () => {
    for (const payload of [{}, { username: 'a' }, { username: 1, password: 'x' }]) {
      const response = await app.call(auth.login, payload);
      expect(response.status).toBe(400);
      expect(response.body.failure.code).toBe('malformed_api_request');
    }
  });
});

describe('sessions', () => {
  it('answers 401 without a token, with an unknown token and with a malformed header', async () => {
    expect(await app.call(auth.getSession, {})).toEqual({
      status: 401,
      body: { failure: { code: 'unauthorized' } },
    });
    expect((await app.call(auth.getSession, {}, 'x'.repeat(43))).status).toBe(401);
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/auth/get_session',
      payload: {},
      headers: { authorization: 'Bearer abc' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('get_session returns the session and does not slide the idle expiry', async () => {
    const user = await createUser(app.deps.db);
    const token = await loginAs(app, user);
    const [before] = await app.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const response = await app.call(auth.getSession, {}, token);
    expect(response.body).toMatchObject({ session_code: token, user_id: user.id });
    const [after] = await app.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(after!.idleExpiresAt).toEqual(before!.idleExpiresAt);
  });

  it('other calls slide the idle expiry', async () => {
    const user = await createUser(app.deps.db);
    const token = await loginAs(app, user);
    const [before] = await app.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await app.call(auth.logout, {}, token);
    const [after] = await app.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(after!.idleExpiresAt.getTime()).toBeGreaterThan(before!.idleExpiresAt.getTime());
  });

  it('a background refresh of a screen answers as usual and does not slide the idle expiry', async () => {
    const user = await createUser(app.deps.db);
    const token = await loginAs(app, user);
    const [before] = await app.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const response = await app.app.inject({
      method: 'POST',
      url: `/api${auth.getProfileSelf.path}`,
      payload: {},
      headers: { authorization: `SessionCode ${token}`, [BACKGROUND_REFRESH_HEADER]: '1' },
    });
    expect(response.json()).toMatchObject({ username: user.username });
    const [after] = await app.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(after!.idleExpiresAt).toEqual(before!.idleExpiresAt);
  });

  it('an idle-expired session is refused', async () => {
    const user = await createUser(app.deps.db);
    const token = await loginAs(app, user);
    await app.deps.db
      .update(sessions)
      .set({ idleExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await app.call(auth.getSession, {}, token)).status).toBe(401);
  });

  it('logout ends the session', async () => {
    const user = await createUser(app.deps.db);
    const token = await loginAs(app, user);
    expect((await app.call(auth.logout, {}, token)).body).toEqual({});
    expect((await app.call(auth.getSession, {}, token)).status).toBe(401);
  });

  it('a disabled user loses every session at once', async () => {
    const user = await createUser(app.deps.db);
    const token = await loginAs(app, user);
    await app.deps.db.update(users).set({ excluded: true }).where(eq(users.id, user.id));
    expect((await app.call(auth.getSession, {}, token)).status).toBe(401);
  });
});

describe('change_password_self', () => {
  it('changes the password, ends every other session and returns a new one', async () => {
    const user = await createUser(app.deps.db, { passwordExpired: true });
    const limited = await loginAs(app, user);
    const other = await loginAs(app, user);
    const response = await app.call(
      auth.changePasswordSelf,
      { password_old: user.password, password_new: 'brand-new-secret', password_conf: 'brand-new-secret' },
      limited,
    );
    expect(response.status).toBe(200);
    expect(response.body.session_limited).toBe(false);
    expect(response.body.session_code).not.toBe(limited);
    expect((await app.call(auth.getSession, {}, limited)).status).toBe(401);
    expect((await app.call(auth.getSession, {}, other)).status).toBe(401);
    expect((await app.call(auth.getSession, {}, response.body.session_code)).status).toBe(200);
    await loginAs(app, { username: user.username, password: 'brand-new-secret' });
  });

  it.each([
    [
      'invalid_password',
      {
        password_old: 'not-my-password',
        password_new: 'brand-new-secret',
        password_conf: 'brand-new-secret',
      },
    ],
    ['password_too_soft', { password_old: 'test-password-1', password_new: 'short', password_conf: 'short' }],
    ['password_too_soft', { password_old: 'test-password-1', password_new: '', password_conf: '' }],
    [
      'dublicate_password',
      { password_old: 'test-password-1', password_new: 'test-password-1', password_conf: 'test-password-1' },
    ],
  ])('refuses with %s and changes nothing', async (code, body) => {
    const user = await createUser(app.deps.db);
    const token = await loginAs(app, user);
    const response = await app.call(auth.changePasswordSelf, body, token);
    // password_too_soft also says why (details.reason): password-policy.test.ts.
    expect(response).toMatchObject({ status: 200, body: { failure: { code } } });
    expect((await app.call(auth.getSession, {}, token)).status).toBe(200);
  });

  it('refuses a confirmation that differs, or is empty beside a new password, with 400', async () => {
    const user = await createUser(app.deps.db);
    const token = await loginAs(app, user);
    for (const password_conf of ['other-new-secret', '']) {
      const response = await app.call(
        auth.changePasswordSelf,
        { password_old: user.password, password_new: 'brand-new-secret', password_conf },
        token,
      );
      expect(response.status).toBe(400);
      expect(response.body.failure.code).toBe('malformed_api_request');
    }
  });
});
