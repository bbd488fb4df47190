import { auth } from '@extranet/contract';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAddressFailures, secondFactorFailures, users } from '../../db/schema';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createCompany, createUser } from '../../test/factories';

let app: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminToken: string;
const ALL = ['umgr', 'cmgr', 'stck', 'pord', 'sord', 'reps'] as const;

beforeAll(async () => {
  app = await createTestApp({ LOGIN_LOCK_MINUTES: 15 });
  admin = await createUser(app.deps.db, { roleId: 99, permissions: [...ALL] });
  adminToken = await loginAs(app, admin);
});

const signIn = (username: string, password: string, otp?: string, userAgent = 'vitest') =>
  app.app
    .inject({
      method: 'POST',
      url: `/api${auth.login.path}`,
      payload: { username, password, ...(otp === undefined ? {} : { otp }) },
      headers: { 'user-agent': userAgent },
    })
    .then((response) => response.json());

const failTimes = async (username: string, times: number) => {
  for (let i = 0; i < times; i++) await signIn(username, 'not-the-password-1');
};

/** Makes every lock of the username run out, as LOGIN_LOCK_MINUTES passing would. */
const letLockRunOut = (username: string) =>
  app.deps.db
    .update(loginAddressFailures)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(loginAddressFailures.usernameKey, username.toLowerCase()));

/** A code of the app `steps` time steps from now (each code is accepted once, so tests use several). */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * steps });

/** Turns the second factor on for a user through the calls; answers its secret and recovery codes. */
async function withSecondFactor(user: { username: string; password: string }) {
  const token = await loginAs(app, user);
  const begun = await app.call(auth.beginTotp, {}, token);
  // The code of the step before: the current one is left for signing in. A step that ends between
  // making the code and checking it leaves that code too old: made again, it is of the new step's.
  const confirm = async () =>
    app.call(auth.confirmTotp, { code: await codeAt(begun.body.secret, -1), password: user.password }, token);
  let confirmed = await confirm();
  if (confirmed.body.failure?.code === 'second_factor_invalid') confirmed = await confirm();
  expect(confirmed.body.recovery_codes).toHaveLength(10);
  return {
    secret: begun.body.secret as string,
    recoveryCodes: confirmed.body.recovery_codes as string[],
    token,
  };
}

describe('the sign-in lock', () => {
  it('counts failures per username whether it exists or not, and answers both locks alike', async () => {
    const user = await createUser(app.deps.db);
    await failTimes(user.username, 5);
    await failTimes('nobody-by-this-name', 5);
    const existing = await signIn(user.username, user.password);
    const unknown = await signIn('Nobody-By-This-Name', 'whatever-password-1');
    expect(existing).toEqual({ failure: { code: 'too_many_login_failures' } });
    expect(unknown).toEqual(existing);
  });

  it('lifts by itself after LOGIN_LOCK_MINUTES, and the profile flag follows it', async () => {
    const user = await createUser(app.deps.db, { companyIds: [] });
    await failTimes(user.username, 5);
    const locked = await app.call(auth.getProfileForce, { user_id: user.id }, adminToken);
    expect(locked.body.too_many_login_failures).toBe(true);
    await letLockRunOut(user.username);
    const unlocked = await app.call(auth.getProfileForce, { user_id: user.id }, adminToken);
    expect(unlocked.body.too_many_login_failures).toBe(false);
    expect((await signIn(user.username, user.password)).session_code).toBeTypeOf('string');
  });

  it('keeps a user without a second factor out while locked, until an administrator resets it', async () => {
    const user = await createUser(app.deps.db);
    await failTimes(user.username, 5);
    expect((await signIn(user.username, user.password)).failure.code).toBe('too_many_login_failures');
    expect((await app.call(auth.resetLoginFailures, { user_id: user.id }, adminToken)).body).toEqual({});
    expect((await signIn(user.username, user.password)).session_code).toBeTypeOf('string');
  });

  it('never keeps out a user with a second factor who brings it, whoever caused the lock', async () => {
    const user = await createUser(app.deps.db);
    const { secret } = await withSecondFactor(user);
    await failTimes(user.username, 5);
    expect((await signIn(user.username, user.password)).failure.code).toBe('too_many_login_failures');
    const session = await signIn(user.username, user.password, await codeAt(secret));
    expect(session.session_code).toBeTypeOf('string');
    // The wrong password with a valid code stays locked out.
    await failTimes(user.username, 5);
    expect((await signIn(user.username, 'wrong-password-77', await codeAt(secret, 1))).failure.code).toBe(
      'too_many_login_failures',
    );
  });

  it('counts wrong current passwords of change_password_self like failed sign-ins', async () => {
    const user = await createUser(app.deps.db);
    const token = await loginAs(app, user);
    const change = (old: string) =>
      app.call(
        auth.changePasswordSelf,
        { password_old: old, password_new: 'Fresh-Harbour-42', password_conf: 'Fresh-Harbour-42' },
        token,
      );
    for (let i = 0; i < 5; i++)
      expect((await change('guess-number-one')).body.failure.code).toBe('invalid_password');
    expect((await change(user.password)).body.failure.code).toBe('too_many_login_failures');
    expect((await signIn(user.username, user.password)).failure.code).toBe('too_many_login_failures');
  });
});

describe('the second factor', () => {
  it('asks for the code, takes a valid one or a recovery code once, and counts wrong ones', async () => {
    const user = await createUser(app.deps.db);
    const { secret, recoveryCodes } = await withSecondFactor(user);
    expect(await signIn(user.username, user.password)).toEqual({
      failure: { code: 'second_factor_required' },
    });
    expect(await signIn(user.username, user.password, '000000')).toEqual({
      failure: { code: 'second_factor_invalid' },
    });
    expect((await signIn(user.username, user.password, await codeAt(secret))).session_code).toBeTypeOf(
      'string',
    );
    const recovery = recoveryCodes[3]!;
    expect((await signIn(user.username, user.password, recovery.toUpperCase())).session_code).toBeTypeOf(
      'string',
    );
    expect((await signIn(user.username, user.password, recovery)).failure.code).toBe('second_factor_invalid');
    const [row] = await app.deps.db
      .select()
      .from(secondFactorFailures)
      .where(eq(secondFactorFailures.userId, user.id));
    expect(row!.failures).toBe(2);
  });

  it('keeps the secret encrypted at rest and shows it only while it is being set up', async () => {
    const user = await createUser(app.deps.db);
    const { secret, token } = await withSecondFactor(user);
    const [row] = await app.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.totpSecret).toMatch(/^v2:/);
    expect(row!.totpSecret).not.toContain(secret);
    expect((await app.call(auth.beginTotp, {}, token)).body.failure.code).toBe('second_factor_already_on');
    expect((await app.call(auth.getProfileSelf, {}, token)).body.second_factor).toBe(true);
  });

  it('refuses a wrong first code and a confirmation without a setup', async () => {
    const user = await createUser(app.deps.db);
    const token = await loginAs(app, user);
    expect(
      (await app.call(auth.confirmTotp, { code: '123456', password: user.password }, token)).body.failure
        .code,
    ).toBe('second_factor_not_set_up');
    const begun = await app.call(auth.beginTotp, {}, token);
    expect(begun.body.qr_svg).toContain('<svg');
    expect(begun.body.otpauth_url).toContain(encodeURIComponent(user.username));
    expect(
      (await app.call(auth.confirmTotp, { code: '123456', password: user.password }, token)).body.failure
        .code,
    ).toBe('second_factor_invalid');
    expect((await app.call(auth.getProfileSelf, {}, token)).body.second_factor).toBe(false);
  });

  it('is turned off by its owner with the password, or by an administrator with the sessions', async () => {
    const user = await createUser(app.deps.db);
    const { token } = await withSecondFactor(user);
    expect((await app.call(auth.disableTotp, { password: 'not-it-at-all-1' }, token)).body.failure.code).toBe(
      'invalid_password',
    );
    expect((await app.call(auth.disableTotp, { password: user.password }, token)).body).toEqual({});
    expect((await signIn(user.username, user.password)).session_code).toBeTypeOf('string');

    const { token: second } = await withSecondFactor(user);
    expect((await app.call(auth.resetSecondFactor, { user_id: user.id }, adminToken)).body).toEqual({});
    expect((await app.call(auth.getSession, {}, second)).status).toBe(401);
    expect((await signIn(user.username, user.password)).session_code).toBeTypeOf('string');
  });

  it('leads the users of a company that requires it through setup at their next sign-in', async () => {
    const company = await createCompany(app.deps.db);
    const user = await createUser(app.deps.db, { companyIds: [company.id], permissions: ['pord'] });
    const manager = await createUser(app.deps.db, {
      roleId: 7,
      companyIds: [company.id],
      permissions: ['umgr'],
    });
    const managerToken = await loginAs(app, manager);
    expect(
      (await app.call(auth.setCompanySecondFactor, { company_id: company.id, required: true }, managerToken))
        .body.failure.code,
    ).toBe('permission_required');
    expect(
      (await app.call(auth.setCompanySecondFactor, { company_id: company.id, required: true }, adminToken))
        .body,
    ).toEqual({});

    const session = await signIn(user.username, user.password);
    expect(session).toMatchObject({ second_factor_setup: true, session_limited: false });
    expect((await app.call(auth.getProfileSelf, {}, session.session_code)).status).toBe(403);
    const begun = await app.call(auth.beginTotp, {}, session.session_code);
    const code = await generate({ secret: begun.body.secret });
    expect(
      (await app.call(auth.confirmTotp, { code, password: user.password }, session.session_code)).body
        .recovery_codes,
    ).toHaveLength(10);
    expect((await app.call(auth.getSession, {}, session.session_code)).body.second_factor_setup).toBe(false);
    expect((await app.call(auth.getProfileSelf, {}, session.session_code)).status).toBe(200);
    expect(
      (await app.call(auth.disableTotp, { password: user.password }, session.session_code)).body,
    ).toEqual({
      failure: { code: 'second_factor_required_by_company' },
    });
    const companies = await app.call(
      auth.listLinkedCompanies,
      { filters: { company_id_list: [company.id] } },
      adminToken,
    );
    expect(companies.body.items).toEqual([
      { company_id: company.id, name: company.name, second_factor_required: true },
    ]);
  });
});

describe('the sessions a user sees', () => {
  it('lists their own sessions with device and address, and ends one or all others', async () => {
    const user = await createUser(app.deps.db);
    const phone = (await signIn(user.username, user.password, undefined, 'Phone browser')).session_code;
    const laptop = (await signIn(user.username, user.password, undefined, 'Laptop browser')).session_code;
    const tablet = (await signIn(user.username, user.password, undefined, 'Tablet browser')).session_code;
    const listed = await app.call(auth.listSessions, {}, laptop);
    expect(listed.body.items).toHaveLength(3);
    const current = listed.body.items.find((item: { current: boolean }) => item.current);
    expect(current).toMatchObject({ user_agent: 'Laptop browser', address: '127.0.0.1' });
    const phoneRow = listed.body.items.find(
      (item: { user_agent: string }) => item.user_agent === 'Phone browser',
    );

    expect((await app.call(auth.endSession, { session_id: phoneRow.session_id }, adminToken)).body).toEqual({
      failure: { code: 'session_not_found' },
    });
    expect((await app.call(auth.endSession, { session_id: phoneRow.session_id }, laptop)).body).toEqual({});
    expect((await app.call(auth.getSession, {}, phone)).status).toBe(401);
    expect((await app.call(auth.endOtherSessions, {}, laptop)).body).toEqual({ count: 1 });
    expect((await app.call(auth.getSession, {}, tablet)).status).toBe(401);
    expect((await app.call(auth.getSession, {}, laptop)).status).toBe(200);
  });
});
