import { auth } from '@extranet/contract';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { userCompanies, userPermissions, users } from '../../db/schema';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createCompany, createUser } from '../../test/factories';
import { signInAtProvider, startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider';

const REDIRECT = 'http://127.0.0.1:9/api/auth/sso/callback';

let provider: TestOidcProvider;

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [REDIRECT] });
});
afterAll(() => provider.close());

const ssoConfig = (extra: Record<string, string> = {}) => ({
  OIDC_ISSUER: provider.issuer,
  OIDC_CLIENT_ID: provider.clientId,
  OIDC_CLIENT_SECRET: provider.clientSecret,
  OIDC_REDIRECT_URL: REDIRECT,
  OIDC_DISPLAY_NAME: 'Acme ID',
  ...extra,
});

/** The browser's whole trip: start, the provider's sign-in, and the callback's answer. */
function flows(app: () => TestApp) {
  async function start() {
    const response = await app().app.inject({ method: 'GET', url: '/api/auth/sso/start' });
    expect(response.statusCode).toBe(303);
    const setCookie = String(response.headers['set-cookie']);
    const cookie = setCookie.split(';')[0]!;
    expect(setCookie).toContain('HttpOnly');
    return { location: String(response.headers.location), cookie };
  }
  async function callback(url: string, cookie: string | undefined) {
    const { search } = new URL(url);
    const response = await app().app.inject({
      method: 'GET',
      url: `/api/auth/sso/callback${search}`,
      headers: cookie ? { cookie } : {},
    });
    expect(response.statusCode).toBe(303);
    const target = new URL(String(response.headers.location));
    expect(target.pathname).toBe('/login');
    return new URLSearchParams(target.hash.slice(1));
  }
  async function signIn(accountId: string, options: { mfa?: boolean } = {}) {
    const { location, cookie } = await start();
    const back = await signInAtProvider(location, { accountId, mfa: options.mfa, redirectPrefix: REDIRECT });
    return { answer: await callback(back, cookie), back, cookie };
  }
  const exchange = (code: string, otp?: string) =>
    app().call(auth.ssoExchange, { code, ...(otp === undefined ? {} : { otp }) });
  return { start, callback, signIn, exchange };
}

describe('single sign-on', () => {
  let app: TestApp;
  const { start, callback, signIn, exchange } = flows(() => app);

  beforeAll(async () => {
    app = await createTestApp(ssoConfig());
  });

  it('offers the provider on the sign-in page through config.json', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/config.json' });
    expect(response.json().SSO_DISPLAY_NAME).toBe('Acme ID');
  });

  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const { location, cookie } = await start();
    const url = new URL(location);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(cookie).toBe(`sso_state=${url.searchParams.get('state')}`);
  });

  it('signs in a user matched once by verified e-mail, then by the stored subject', async () => {
    const company = await createCompany(app.deps.db);
    const user = await createUser(app.deps.db, { email: 'Alice@Example.com', companyIds: [company.id] });
    provider.accounts.set('sub-alice', { email: 'alice@example.com', email_verified: true });

    const first = await signIn('sub-alice');
    const code = first.answer.get('sso')!;
    expect(code).toBeTruthy();
    expect(first.back).not.toContain(code);
    const session = await exchange(code);
    expect(session.status).toBe(200);
    expect(session.body.user_id).toBe(user.id);
    expect(session.body.session_limited).toBe(false);
    const [stored] = await app.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(stored!.ssoSubject).toBe('sub-alice');
    const current = await app.call(auth.getSession, {}, session.body.session_code);
    expect(current.body.username).toBe(user.username);

    // The provider's address changes; the subject still finds the user.
    provider.accounts.set('sub-alice', { email: 'alice.new@example.com', email_verified: false });
    const again = await signIn('sub-alice');
    expect((await exchange(again.answer.get('sso')!)).body.user_id).toBe(user.id);
  });

  it('refuses a callback whose state is not the one of the browser', async () => {
    provider.accounts.set('sub-state', { email: 'state@example.com', email_verified: true });
    const { location, cookie } = await start();
    const back = await signInAtProvider(location, { accountId: 'sub-state', redirectPrefix: REDIRECT });
    const forged = new URL(back);
    forged.searchParams.set('state', 'not-the-state-of-this-browser');
    expect((await callback(forged.href, cookie)).get('sso_error')).toBe('sso_state_invalid');
    expect((await callback(back, undefined)).get('sso_error')).toBe('sso_state_invalid');
    expect((await callback(back, 'sso_state=another')).get('sso_error')).toBe('sso_state_invalid');
  });

  it('refuses a replayed callback and a code of another sign-in', async () => {
    await createUser(app.deps.db, { email: 'replay@example.com' });
    provider.accounts.set('sub-replay', { email: 'replay@example.com', email_verified: true });
    const first = await signIn('sub-replay');
    expect(first.answer.get('sso')).toBeTruthy();
    expect((await callback(first.back, first.cookie)).get('sso_error')).toBe('sso_state_invalid');

    // A browser's own state with a code the provider gave to another sign-in: PKCE refuses it.
    const mine = await start();
    const other = await start();
    const otherBack = new URL(
      await signInAtProvider(other.location, { accountId: 'sub-replay', redirectPrefix: REDIRECT }),
    );
    otherBack.searchParams.set('state', new URL(mine.location).searchParams.get('state')!);
    expect((await callback(otherBack.href, mine.cookie)).get('sso_error')).toBe('sso_failed');
  });

  it('uses a one-time code once', async () => {
    await createUser(app.deps.db, { email: 'once@example.com' });
    provider.accounts.set('sub-once', { email: 'once@example.com', email_verified: true });
    const code = (await signIn('sub-once')).answer.get('sso')!;
    expect((await exchange(code)).status).toBe(200);
    expect((await exchange(code)).body).toEqual({ failure: { code: 'sso_code_invalid' } });
    expect((await exchange('a'.repeat(43))).body).toEqual({ failure: { code: 'sso_code_invalid' } });
  });

  it('refuses an e-mail address the provider has not verified, and binds nothing', async () => {
    const user = await createUser(app.deps.db, { email: 'unverified@example.com' });
    provider.accounts.set('sub-unverified', { email: 'unverified@example.com', email_verified: false });
    expect((await signIn('sub-unverified')).answer.get('sso_error')).toBe('sso_email_unverified');
    const [stored] = await app.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(stored!.ssoSubject).toBeNull();
  });

  it("takes Entra ID's xms_edov for a verified address", async () => {
    const user = await createUser(app.deps.db, { email: 'entra@example.com' });
    provider.accounts.set('sub-entra', { email: 'entra@example.com', xms_edov: true });
    const code = (await signIn('sub-entra')).answer.get('sso')!;
    expect((await exchange(code)).body.user_id).toBe(user.id);
  });

  it('refuses people it does not know, with no user made', async () => {
    provider.accounts.set('sub-stranger', { email: 'stranger@example.com', email_verified: true });
    expect((await signIn('sub-stranger')).answer.get('sso_error')).toBe('sso_unknown_user');
    const made = await app.deps.db.select().from(users).where(eq(users.email, 'stranger@example.com'));
    expect(made).toHaveLength(0);
  });

  it('refuses an excluded user', async () => {
    await createUser(app.deps.db, { email: 'gone@example.com', excluded: true });
    provider.accounts.set('sub-gone', { email: 'gone@example.com', email_verified: true });
    expect((await signIn('sub-gone')).answer.get('sso_error')).toBe('user_excluded');
  });

  it('asks for the second factor unless the provider did one (amr)', async () => {
    const user = await createUser(app.deps.db, { email: 'totp@example.com' });
    const token = await loginAs(app, user);
    const begun = await app.call(auth.beginTotp, {}, token);
    const secret = begun.body.secret as string;
    const codeAt = (steps: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * steps });
    await app.call(auth.confirmTotp, { code: await codeAt(-1), password: user.password }, token);
    provider.accounts.set('sub-totp', { email: 'totp@example.com', email_verified: true });

    const withoutMfa = (await signIn('sub-totp')).answer.get('sso')!;
    expect((await exchange(withoutMfa)).body).toEqual({ failure: { code: 'second_factor_required' } });
    expect((await exchange(withoutMfa, '000000')).body).toEqual({
      failure: { code: 'second_factor_invalid' },
    });
    const signedIn = await exchange(withoutMfa, await codeAt(0));
    expect(signedIn.body.user_id).toBe(user.id);

    const withMfa = (await signIn('sub-totp', { mfa: true })).answer.get('sso')!;
    expect((await exchange(withMfa)).body).toMatchObject({ user_id: user.id });
  });

  it('refuses the password of a user whose company requires single sign-on, not the provider', async () => {
    const company = await createCompany(app.deps.db);
    const user = await createUser(app.deps.db, { email: 'strict@example.com', companyIds: [company.id] });
    const manager = await createUser(app.deps.db, {
      roleId: 81,
      permissions: ['umgr', 'cmgr'],
      companyIds: [company.id],
    });
    const admin = await createUser(app.deps.db, { roleId: 99, permissions: ['umgr', 'cmgr'] });
    const switchOn = { company_id: company.id, required: true };
    const openedByPassword = await loginAs(app, user);
    const managerToken = await loginAs(app, manager);
    expect((await app.call(auth.setCompanySso, switchOn, managerToken)).body).toEqual({
      failure: { code: 'permission_required' },
    });
    expect((await app.call(auth.getSession, {}, openedByPassword)).status).toBe(200);
    const adminToken = await loginAs(app, admin);
    expect((await app.call(auth.setCompanySso, switchOn, adminToken)).body).toEqual({});
    // The sessions opened by password end with the rule; the administrator's own goes on.
    expect((await app.call(auth.getSession, {}, openedByPassword)).status).toBe(401);
    expect((await app.call(auth.getSession, {}, managerToken)).status).toBe(401);
    expect((await app.call(auth.getSession, {}, adminToken)).status).toBe(200);
    const byPassword = await app.call(auth.login, { username: user.username, password: user.password });
    expect(byPassword.body).toEqual({ failure: { code: 'sso_required' } });
    const wrongPassword = await app.call(auth.login, {
      username: user.username,
      password: 'wrong-password-1',
    });
    expect(wrongPassword.body).toEqual({ failure: { code: 'auth_error' } });
    provider.accounts.set('sub-strict', { email: 'strict@example.com', email_verified: true });
    const code = (await signIn('sub-strict')).answer.get('sso')!;
    expect((await exchange(code)).body.user_id).toBe(user.id);
  });
});

describe('single sign-on with OIDC_AUTO_CREATE_COMPANY', () => {
  let app: TestApp;
  const { signIn, exchange } = flows(() => app);

  beforeAll(async () => {
    app = await createTestApp(ssoConfig({ OIDC_AUTO_CREATE_COMPANY: 'Newcomers Ltd' }));
    await createCompany(app.deps.db, { name: 'Newcomers Ltd' });
  });

  it('makes a user of the company with no permissions for a person it does not know', async () => {
    provider.accounts.set('sub-new', { email: 'new@example.com', email_verified: true, name: 'New Person' });
    const code = (await signIn('sub-new')).answer.get('sso')!;
    const session = await exchange(code);
    expect(session.body).toMatchObject({
      username: 'new@example.com',
      fio: 'New Person',
      role: 1,
      pord: false,
    });
    const userId = session.body.user_id as number;
    expect(
      await app.deps.db.select().from(userPermissions).where(eq(userPermissions.userId, userId)),
    ).toEqual([]);
    expect(
      await app.deps.db.select().from(userCompanies).where(eq(userCompanies.userId, userId)),
    ).toHaveLength(1);
  });

  it('still refuses an address the provider has not verified', async () => {
    provider.accounts.set('sub-new-unverified', { email: 'newer@example.com', email_verified: false });
    expect((await signIn('sub-new-unverified')).answer.get('sso_error')).toBe('sso_email_unverified');
  });
});

describe('single sign-on settings', () => {
  const load = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: '/tmp/unused', ...env });
  const complete = {
    OIDC_ISSUER: 'https://id.example.com/realms/partners',
    OIDC_CLIENT_ID: 'extranet',
    OIDC_CLIENT_SECRET: 'secret',
    OIDC_REDIRECT_URL: 'https://extranet.example.com/api/auth/sso/callback',
  };

  it('takes the four settings together, or none', () => {
    expect(load(complete)().OIDC_DISPLAY_NAME).toBe('SSO');
    const { OIDC_CLIENT_SECRET: _left, ...partial } = complete;
    expect(load(partial)).toThrow('Invalid configuration: OIDC_CLIENT_SECRET');
  });

  it('refuses a provider over plain http elsewhere than this machine, and a wrong callback path', () => {
    expect(load({ ...complete, OIDC_ISSUER: 'http://id.example.com' })).toThrow('OIDC_ISSUER');
    expect(load({ ...complete, OIDC_ISSUER: 'http://localhost:8080/realms/x' })).not.toThrow();
    expect(load({ ...complete, OIDC_REDIRECT_URL: 'https://extranet.example.com/' })).toThrow(
      'OIDC_REDIRECT_URL',
    );
  });
});
