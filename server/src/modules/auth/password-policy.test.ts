import { auth } from '@extranet/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createCompany, createUser } from '../../test/factories';

// Every call that sets a password refuses weak ones and says why.

let app: TestApp;
let companyId: number;
let adminToken: string;

beforeAll(async () => {
  app = await createTestApp();
  companyId = (await createCompany(app.deps.db)).id;
  const admin = await createUser(app.deps.db, {
    roleId: 99,
    permissions: ['umgr'],
    companyIds: [companyId],
  });
  adminToken = await loginAs(app, admin);
});

const REFUSED: [string, (username: string) => string, string][] = [
  ['a short one', () => 'Xy7!q', 'too_short'],
  ['ten spaces', () => ' '.repeat(10), 'only_whitespace'],
  ['a common password', () => 'password12', 'too_common'],
  ['digits in a row', () => '1234567890', 'too_common'],
  ['a keyboard row', () => 'qwertyuiop', 'too_common'],
  ['the username', (username) => `${username}`.padEnd(10, '1'), 'contains_username'],
  [
    'the username in other case, with more around it',
    (username) => `My-${username.toUpperCase()}-2026`,
    'contains_username',
  ],
  ['a word and a year', () => 'Summer2024!', 'too_guessable'],
];

describe('change_password_self', () => {
  it.each(REFUSED)('refuses %s', async (_name, make, reason) => {
    const user = await createUser(app.deps.db, { username: `selfpolicy${Math.floor(Math.random() * 1e6)}` });
    const token = await loginAs(app, user);
    const password = make(user.username);
    const response = await app.call(
      auth.changePasswordSelf,
      { password_old: user.password, password_new: password, password_conf: password },
      token,
    );
    expect(response.status).toBe(200);
    expect(response.body.failure).toMatchObject({ code: 'password_too_soft', details: { reason } });
  });

  it('refuses a password made of the user’s name and email', async () => {
    const user = await createUser(app.deps.db, { fio: 'Jānis Bērziņš', email: 'janis.berzins@example.lv' });
    const token = await loginAs(app, user);
    const response = await app.call(
      auth.changePasswordSelf,
      { password_old: user.password, password_new: 'janisberzins', password_conf: 'janisberzins' },
      token,
    );
    expect(response.body.failure).toMatchObject({
      code: 'password_too_soft',
      details: { reason: 'too_guessable' },
    });
  });

  it('tells zxcvbn’s warning and suggestions as keys the web translates', async () => {
    const user = await createUser(app.deps.db);
    const token = await loginAs(app, user);
    const response = await app.call(
      auth.changePasswordSelf,
      { password_old: user.password, password_new: 'password12', password_conf: 'password12' },
      token,
    );
    expect(response.body.failure.details).toEqual({
      reason: 'too_common',
      warning: 'common',
      suggestions: ['anotherWord'],
    });
  });

  it('accepts a strong password', async () => {
    const user = await createUser(app.deps.db);
    const token = await loginAs(app, user);
    const response = await app.call(
      auth.changePasswordSelf,
      {
        password_old: user.password,
        password_new: 'amber-lantern-quietly-93',
        password_conf: 'amber-lantern-quietly-93',
      },
      token,
    );
    expect(response.body.session_code).toEqual(expect.any(String));
  });
});

describe('change_password_force', () => {
  it.each(REFUSED)('refuses %s', async (_name, make, reason) => {
    const target = await createUser(app.deps.db, {
      username: `forcepolicy${Math.floor(Math.random() * 1e6)}`,
      companyIds: [companyId],
    });
    const password = make(target.username);
    const response = await app.call(
      auth.changePasswordForce,
      { user_id: target.id, password_new: password, password_conf: password },
      adminToken,
    );
    expect(response.status).toBe(200);
    expect(response.body.failure).toMatchObject({ code: 'password_too_soft', details: { reason } });
  });

  it('accepts a strong password', async () => {
    const target = await createUser(app.deps.db, { companyIds: [companyId] });
    const response = await app.call(
      auth.changePasswordForce,
      {
        user_id: target.id,
        password_new: 'copper-violin-harbour-7',
        password_conf: 'copper-violin-harbour-7',
      },
      adminToken,
    );
    expect(response.body).toEqual({});
  });
});

describe('add_user', () => {
  it.each(REFUSED)('refuses %s', async (_name, make, reason) => {
    const username = `addpolicy${Math.floor(Math.random() * 1e6)}`;
    const password = make(username);
    const response = await app.call(
      auth.addUser,
      { username, password, password_conf: password, role: 1, companies: [companyId] },
      adminToken,
    );
    expect(response.status).toBe(200);
    expect(response.body.failure).toMatchObject({ code: 'password_too_soft', details: { reason } });
  });

  it('accepts a strong password', async () => {
    const response = await app.call(
      auth.addUser,
      {
        username: 'policy.newcomer',
        password: 'granite-meadow-sparrow-4',
        password_conf: 'granite-meadow-sparrow-4',
        role: 1,
        companies: [companyId],
      },
      adminToken,
    );
    expect(response.body).toEqual({ user_id: expect.any(Number) });
  });
});
