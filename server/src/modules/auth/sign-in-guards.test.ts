import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import { auth } from '@extranet/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loginAddressFailures,
  loginFailures,
  recoveryCodes,
  secondFactorFailures,
  users,
} from '../../db/schema';
import { deliverEmails } from '../../jobs/email';
import { createMailer, type Mailer } from '../../jobs/mailer';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { createTestSmtp, mailBody } from '../../test/smtp';
import { delayForFailures, loginDelayMs } from './lockout';
import { decryptSecret } from './second-factor';

// The sign-in guards of issue 28: the lock per client address (11), wrong second-factor codes
// counted whatever the lock (4), codes accepted once and keys split by use (5), the password asked
// to turn the second factor on (16), and the mails that tell the user.

const LOCK_MINUTES = 15;
let app: TestApp;
let mailer: Mailer;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminToken: string;

const smtp = createTestSmtp();
const received = smtp.received;

const silent = {
  level: 'silent',
  info() {},
  warn() {},
  error() {},
  fatal() {},
  debug() {},
  trace() {},
  silent() {},
  child: () => silent,
} as unknown as FastifyBaseLogger;

beforeAll(async () => {
  const smtpUrl = await smtp.listen();
  app = await createTestApp({
    LOGIN_LOCK_MINUTES: LOCK_MINUTES,
    // The waits are real sleeps: kept short here, their lengths are checked as numbers.
    LOGIN_DELAY_MAX_MS: 20,
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'extranet@example.com',
  });
  mailer = createMailer(app.deps.config, silent);
  admin = await createUser(app.deps.db, { roleId: 99, permissions: ['umgr'] });
  adminToken = await loginAs(app, admin);
});

afterAll(async () => {
  mailer.close();
  await smtp.close();
});

const signIn = (options: { username: string; password: string; otp?: string; address?: string }) =>
  app.app
    .inject({
      method: 'POST',
      url: `/api${auth.login.path}`,
      payload: {
        username: options.username,
        password: options.password,
        ...(options.otp === undefined ? {} : { otp: options.otp }),
      },
      remoteAddress: options.address ?? '127.0.0.1',
    })
    .then((response) => response.json());

const WRONG = 'not-the-password-1';

/** A code of the app `steps` time steps from now (each step's code is accepted once). */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * steps });

const newUser = () =>
  createUser(app.deps.db, { email: `guard${randomBytes(4).toString('hex')}@example.com`, fio: 'Ieva Ozola' });

/** Turns the second factor on through the calls, confirmed with the code of the step before now. */
async function withSecondFactor(user: { username: string; password: string }) {
  const token = await loginAs(app, user);
  const begun = await app.call(auth.beginTotp, {}, token);
  const confirmed = await app.call(
    auth.confirmTotp,
    { code: await codeAt(begun.body.secret, -1), password: user.password },
    token,
  );
  expect(confirmed.body.recovery_codes).toHaveLength(10);
  return {
    secret: begun.body.secret as string,
    recoveryCodes: confirmed.body.recovery_codes as string[],
    token,
  };
}

/** Sends what the outbox holds; answers the mails that reached the address. */
async function mailsTo(email: string) {
  await deliverEmails(app.deps.db, mailer, silent);
  return received.filter((mail) => mail.to.includes(email));
}

const bodyOf = mailBody;

describe('the lock per client address (finding 11)', () => {
  it('locks a username only at the address that failed five times; elsewhere the password signs in', async () => {
    const user = await newUser();
    for (let i = 0; i < 5; i++) {
      expect((await signIn({ ...user, password: WRONG, address: '203.0.113.7' })).failure.code).toBe(
        'auth_error',
      );
    }
    expect((await signIn({ ...user, address: '203.0.113.7' })).failure.code).toBe('too_many_login_failures');
    const elsewhere = await signIn({ ...user, address: '198.51.100.20' });
    expect(elsewhere.session_code).toBeTypeOf('string');
    // The stranger's address stays locked after the user signed in, and the profile says so.
    expect((await signIn({ ...user, address: '203.0.113.7' })).failure.code).toBe('too_many_login_failures');
    const profile = await app.call(auth.getProfileForce, { user_id: user.id }, adminToken);
    expect(profile.body.too_many_login_failures).toBe(true);
  });

  it('locks nobody for failures spread over addresses, but slows every sign-in of the username', async () => {
    const user = await newUser();
    const options = { username: user.username, lockMinutes: LOCK_MINUTES, maxMs: 8_000 };
    for (let i = 1; i <= 8; i++) {
      expect((await signIn({ ...user, password: WRONG, address: `192.0.2.${i}` })).failure.code).toBe(
        'auth_error',
      );
    }
    // Eight failures: the fourth doubling past the limit of five.
    expect(await loginDelayMs(app.deps.db, options)).toBe(2_000);
    expect((await signIn({ ...user, address: '192.0.2.99' })).session_code).toBeTypeOf('string');
    expect(await loginDelayMs(app.deps.db, options)).toBe(0);
  });

  it('waits longer with each failure past the fifth, up to the limit set', () => {
    expect([4, 5, 6, 7].map((failures) => delayForFailures(failures, 8_000))).toEqual([0, 250, 500, 1_000]);
    expect(delayForFailures(12, 8_000)).toBe(8_000);
    expect(delayForFailures(1_000, 8_000)).toBe(8_000);
    expect(delayForFailures(9, 0)).toBe(0);
  });

  it('tells the user by mail once when a burst of failures reaches five', async () => {
    const user = await newUser();
    for (let i = 1; i <= 7; i++) await signIn({ ...user, password: WRONG, address: `192.0.2.${40 + i}` });
    const mails = await mailsTo(user.email!);
    expect(mails).toHaveLength(1);
    const text = bodyOf(mails[0]!.raw);
    expect(text).toContain('Hello Ieva Ozola');
    expect(text).toContain(`your account ${user.username} has just seen 5 failed sign-ins in a row`);
    expect(text).toContain('192.0.2.45');
    // In the user's language.
    const latvian = await createUser(app.deps.db, { email: 'latvian-guard@example.com', lang: 'lv' });
    for (let i = 0; i < 5; i++) await signIn({ ...latvian, password: WRONG, address: '192.0.2.60' });
    const [lv] = await mailsTo(latvian.email!);
    expect(bodyOf(lv!.raw)).toContain(
      `Jūsu kontā ${latvian.username} tikko pēc kārtas neizdevās pieteikties`,
    );
    // Nobody is told about a username that nobody has.
    for (let i = 0; i < 5; i++) await signIn({ username: 'no-such-user-here', password: WRONG });
    expect(received.filter((mail) => mail.raw.includes('no-such-user-here'))).toHaveLength(0);
  });

  it('keeps the lock of DESIGN.md §5 at the failing address until reset_login_failures clears every count', async () => {
    const user = await newUser();
    const { secret } = await withSecondFactor(user);
    for (let i = 0; i < 5; i++) await signIn({ ...user, password: WRONG });
    for (let i = 0; i < 10; i++) await signIn({ ...user, otp: '000000', address: '198.51.100.77' });
    expect((await signIn({ ...user, otp: await codeAt(secret) })).failure.code).toBe(
      'too_many_login_failures',
    );
    expect((await app.call(auth.resetLoginFailures, { user_id: user.id }, adminToken)).body).toEqual({});
    const key = user.username.toLowerCase();
    expect(await app.deps.db.select().from(loginFailures).where(eq(loginFailures.usernameKey, key))).toEqual(
      [],
    );
    expect(
      await app.deps.db.select().from(loginAddressFailures).where(eq(loginAddressFailures.usernameKey, key)),
    ).toEqual([]);
    expect(
      await app.deps.db.select().from(secondFactorFailures).where(eq(secondFactorFailures.userId, user.id)),
    ).toEqual([]);
    expect((await signIn({ ...user, otp: await codeAt(secret) })).session_code).toBeTypeOf('string');
  });
});

describe('wrong second-factor codes (finding 4)', () => {
  it('counts them while the username is locked, and after ten refuses even the right code', async () => {
    const user = await newUser();
    const { secret } = await withSecondFactor(user);
    for (let i = 0; i < 5; i++) await signIn({ ...user, password: WRONG });
    for (let i = 0; i < 10; i++) {
      expect((await signIn({ ...user, otp: String(100000 + i) })).failure.code).toBe(
        'too_many_login_failures',
      );
    }
    expect((await signIn({ ...user, otp: await codeAt(secret) })).failure.code).toBe(
      'too_many_login_failures',
    );
    // Not locked at this address, the right password and code still wait for the window.
    expect((await signIn({ ...user, otp: await codeAt(secret), address: '198.51.100.8' })).failure.code).toBe(
      'too_many_login_failures',
    );
    const mails = await mailsTo(user.email!);
    expect(mails).toHaveLength(2);
    const text = mails.map((mail) => bodyOf(mail.raw)).join('\n');
    expect(text).toContain(`10 wrong second-factor codes were given for your account ${user.username}`);
    expect(text).toContain(`paused for ${LOCK_MINUTES} minutes`);

    await app.deps.db
      .update(secondFactorFailures)
      .set({
        windowStartedAt: sql`now() - make_interval(mins => ${LOCK_MINUTES + 1})`,
        lockedUntil: sql`now() - interval '1 second'`,
      })
      .where(eq(secondFactorFailures.userId, user.id));
    expect(
      (await signIn({ ...user, otp: await codeAt(secret), address: '198.51.100.8' })).session_code,
    ).toBeTypeOf('string');
  });

  it('counts wrong recovery codes alike, and a paused second factor uses up no recovery code', async () => {
    const user = await newUser();
    const { recoveryCodes: codes } = await withSecondFactor(user);
    for (let i = 0; i < 9; i++) {
      expect((await signIn({ ...user, otp: `abcde-fgh${i}k` })).failure.code).toBe('second_factor_invalid');
    }
    expect((await signIn({ ...user, otp: 'zzzzz-zzzzz' })).failure.code).toBe('second_factor_invalid');
    expect((await signIn({ ...user, otp: codes[0]! })).failure.code).toBe('too_many_login_failures');
    const unused = await app.deps.db
      .select()
      .from(recoveryCodes)
      .where(sql`${recoveryCodes.userId} = ${user.id} and ${recoveryCodes.usedAt} is null`);
    expect(unused).toHaveLength(10);
  });
});

describe('codes accepted once, keys split by use (finding 5)', () => {
  it('refuses a code already used, and a code of an earlier step than one used', async () => {
    const user = await newUser();
    const { secret } = await withSecondFactor(user);
    const epoch = Math.floor(Date.now() / 1000) + 30;
    const next = await generate({ secret, epoch });
    expect((await signIn({ ...user, otp: next })).session_code).toBeTypeOf('string');
    expect((await signIn({ ...user, otp: next })).failure.code).toBe('second_factor_invalid');
    expect((await signIn({ ...user, otp: await codeAt(secret, 0) })).failure.code).toBe(
      'second_factor_invalid',
    );
    const [row] = await app.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.totpLastStep).toBe(Math.floor(epoch / 30));
  });

  it('refuses, at sign-in, the very code that turned the second factor on', async () => {
    const user = await newUser();
    const token = await loginAs(app, user);
    const begun = await app.call(auth.beginTotp, {}, token);
    const code = await codeAt(begun.body.secret, 1);
    expect((await app.call(auth.confirmTotp, { code, password: user.password }, token)).status).toBe(200);
    expect((await signIn({ ...user, otp: code })).failure.code).toBe('second_factor_invalid');
  });

  it('encrypts secrets and hashes recovery codes with keys derived for each, not with the server key', async () => {
    const user = await newUser();
    const { secret, recoveryCodes: codes } = await withSecondFactor(user);
    const [row] = await app.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.totpSecret).toMatch(/^v2:/);
    expect(decryptSecret(app.deps.secretKey, row!.totpSecret!)).toBe(secret);
    expect(() => decryptSecret(app.deps.secretKey, row!.totpSecret!.replace(/^v2:/, 'v1:'))).toThrow();
    const stored = await app.deps.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    const withServerKey = codes.map((code) =>
      createHmac('sha256', app.deps.secretKey).update(code.replace('-', '')).digest('hex'),
    );
    for (const { codeHash } of stored) {
      expect(codeHash).toMatch(/^v2:[0-9a-f]{64}$/);
      expect(withServerKey).not.toContain(codeHash.slice(3));
    }
  });

  it('still reads a secret and recovery codes stored under the server key before, and moves the secret over', async () => {
    const user = await newUser();
    const { secret } = await withSecondFactor(user);
    const key = app.deps.secretKey;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    const legacy = `v1:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
    const legacyCode = 'abcde-23456';
    await app.deps.db.update(users).set({ totpSecret: legacy }).where(eq(users.id, user.id));
    await app.deps.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await app.deps.db
      .insert(recoveryCodes)
      .values({ userId: user.id, codeHash: createHmac('sha256', key).update('abcde23456').digest('hex') });

    expect((await signIn({ ...user, otp: await codeAt(secret) })).session_code).toBeTypeOf('string');
    const [row] = await app.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.totpSecret).toMatch(/^v2:/);
    expect(decryptSecret(key, row!.totpSecret!)).toBe(secret);
    expect((await signIn({ ...user, otp: legacyCode })).session_code).toBeTypeOf('string');
    expect((await signIn({ ...user, otp: legacyCode })).failure.code).toBe('second_factor_invalid');
  });
});

describe('turning the second factor on (finding 16)', () => {
  it('asks for the current password, so that a session alone cannot turn it on', async () => {
    const user = await newUser();
    const token = await loginAs(app, user);
    const begun = await app.call(auth.beginTotp, {}, token);
    const code = await codeAt(begun.body.secret);
    const without = await app.call(auth.confirmTotp, { code }, token);
    expect(without.status).toBe(400);
    expect(without.body.failure.code).toBe('malformed_api_request');
    expect((await app.call(auth.confirmTotp, { code, password: WRONG }, token)).body).toEqual({
      failure: { code: 'invalid_password' },
    });
    expect((await app.call(auth.getProfileSelf, {}, token)).body.second_factor).toBe(false);
    // Wrong passwords count like failed sign-ins at the session's address.
    for (let i = 0; i < 4; i++) await app.call(auth.confirmTotp, { code, password: WRONG }, token);
    expect((await app.call(auth.confirmTotp, { code, password: user.password }, token)).body).toEqual({
      failure: { code: 'too_many_login_failures' },
    });
    expect((await app.call(auth.resetLoginFailures, { user_id: user.id }, adminToken)).body).toEqual({});
    const confirmed = await app.call(auth.confirmTotp, { code, password: user.password }, token);
    expect(confirmed.body.recovery_codes).toHaveLength(10);
    expect((await app.call(auth.getProfileSelf, {}, token)).body.second_factor).toBe(true);
  });
});
