import { auth, notifications } from '@extranet/contract';
import { describe, expect, it } from 'vitest';
import { loginAs } from '../../test/app';
import { createUser } from '../../test/factories';
import {
  adminToken,
  app,
  companyA,
  companyB,
  companyC,
  manager,
  managerToken,
  useUsersContext,
} from '../../test/users.context';

useUsersContext();

describe('change calls', () => {
  it('change_access refuses granting a permission, role or company the actor lacks', async () => {
    const target = await createUser(app.deps.db, { companyIds: [companyA.id] });
    const base = { user_id: target.id, role: 1, companies: [companyA.id], permissions: ['pord'] };
    expect(
      (await app.call(auth.changeAccess, { ...base, permissions: ['cmgr'] }, managerToken)).body,
    ).toEqual({
      failure: { code: 'permissions_error', details: { permissions: ['cmgr'] } },
    });
    expect((await app.call(auth.changeAccess, { ...base, role: 99 }, managerToken)).body).toEqual({
      failure: { code: 'permission_required', details: { role: 99 } },
    });
    expect(
      (await app.call(auth.changeAccess, { ...base, companies: [companyC.id] }, managerToken)).body.failure
        .code,
    ).toBe('company_not_permitted');
    expect(
      (await app.call(auth.changeAccess, { ...base, companies: [] }, managerToken)).body.failure.code,
    ).toBe('no_companies_specified');
    const ok = await app.call(
      auth.changeAccess,
      { ...base, role: 7, companies: [companyA.id, companyB.id], permissions: ['pord', 'sord'] },
      managerToken,
    );
    expect(ok.body).toEqual({});
    const profile = await app.call(auth.getProfileForce, { user_id: target.id }, managerToken);
    expect(profile.body).toMatchObject({ role: 7, permissions: ['pord', 'sord'] });
    expect(profile.body.companies).toHaveLength(2);
  });

  it('change_access answers an unknown permission with permission_unknown, naming it, and changes nothing', async () => {
    const target = await createUser(app.deps.db, { companyIds: [companyA.id], permissions: ['stck'] });
    const response = await app.call(
      auth.changeAccess,
      {
        user_id: target.id,
        role: 7,
        companies: [companyA.id, companyB.id],
        permissions: ['pord', 'xxx', 'sord', 'yyy', 'xxx'],
      },
      managerToken,
    );
    expect(response).toEqual({
      status: 200,
      body: { failure: { code: 'permission_unknown', details: { permissions: ['xxx', 'yyy'] } } },
    });
    const profile = await app.call(auth.getProfileForce, { user_id: target.id }, managerToken);
    expect(profile.body).toMatchObject({
      role: 1,
      companies: [{ company_id: companyA.id }],
      permissions: ['stck'],
    });
    const malformed = await app.call(
      auth.changeAccess,
      { user_id: target.id, role: 5, companies: [companyA.id], permissions: ['xxx'] },
      managerToken,
    );
    expect(malformed.status).toBe(400);
  });

  it('leaves a user who holds a permission the manager lacks unmanageable: no password, access, name or state', async () => {
    // The detour: force a password on a peer with cmgr, sign in as them, and act as a catalog manager.
    const peer = await createUser(app.deps.db, { companyIds: [companyA.id], permissions: ['cmgr', 'pord'] });
    const profile = await app.call(auth.getProfileForce, { user_id: peer.id }, managerToken);
    expect(profile.body.manageable).toBe(false);
    const refusals = [
      app.call(
        auth.changePasswordForce,
        { user_id: peer.id, password_new: 'Detour-password-77', password_conf: 'Detour-password-77' },
        managerToken,
      ),
      app.call(
        auth.changeAccess,
        { user_id: peer.id, role: 1, companies: [companyA.id], permissions: ['pord'] },
        managerToken,
      ),
      app.call(auth.changeUsername, { user_id: peer.id, username: `taken-over-${peer.id}` }, managerToken),
      app.call(auth.disableUser, { user_id: peer.id }, managerToken),
      app.call(auth.resetLoginFailures, { user_id: peer.id }, managerToken),
      app.call(
        auth.changeGeneralForce,
        { user_id: peer.id, fio: 'X', email: null, lang: 'en' },
        managerToken,
      ),
    ];
    for (const refusal of await Promise.all(refusals)) {
      expect(refusal.body).toEqual({ failure: { code: 'permission_required' } });
    }
    await loginAs(app, peer);
    const after = await app.call(auth.getProfileForce, { user_id: peer.id }, adminToken);
    expect(after.body).toMatchObject({
      username: peer.username,
      permissions: ['cmgr', 'pord'],
      excluded: false,
    });
    // Role 99 holding every permission still manages them.
    expect(after.body.manageable).toBe(true);
  });

  it('change_general self and force, with email validation', async () => {
    const self = await app.call(
      auth.changeGeneralSelf,
      { fio: 'Марина Петрова', email: 'marina@example.com', lang: 'ru' },
      managerToken,
    );
    expect(self.body).toEqual({});
    expect((await app.call(auth.getSession, {}, managerToken)).body).toMatchObject({
      fio: 'Марина Петрова',
      lang: 'ru',
    });
    const bad = await app.call(
      auth.changeGeneralSelf,
      { fio: 'x', email: 'not-an-email', lang: 'en' },
      managerToken,
    );
    expect(bad.status).toBe(400);
    const target = await createUser(app.deps.db, { companyIds: [companyA.id] });
    const force = await app.call(
      auth.changeGeneralForce,
      { user_id: target.id, fio: 'Target', email: null, lang: 'lv' },
      managerToken,
    );
    expect(force.body).toEqual({});
  });

  it('change_username refuses a taken name', async () => {
    const target = await createUser(app.deps.db, { companyIds: [companyA.id] });
    const taken = await app.call(
      auth.changeUsername,
      { user_id: target.id, username: manager.username },
      managerToken,
    );
    expect(taken.body.failure.code).toBe('dublicate_username');
    for (const username of ['', '  \t ', 'x'.repeat(65)]) {
      const invalid = await app.call(auth.changeUsername, { user_id: target.id, username }, managerToken);
      expect(invalid).toEqual({ status: 200, body: { failure: { code: 'invalid_username' } } });
    }
    const unchanged = await app.call(auth.getProfileForce, { user_id: target.id }, managerToken);
    expect(unchanged.body.username).toBe(target.username);
    const ok = await app.call(
      auth.changeUsername,
      { user_id: target.id, username: `renamed-${target.id}` },
      managerToken,
    );
    expect(ok.body).toEqual({});
  });

  it('change_notifications self and force', async () => {
    const rates = await app.call(notifications.listEmailRates, {}, managerToken);
    expect(rates.body.items.length).toBeGreaterThan(0);
    const types = await app.call(notifications.listNotificationTypes, {}, managerToken);
    expect(types.body.items.map((t: { ntfy_id: string }) => t.ntfy_id)).toEqual([
      'bcst',
      'nrml',
      'prvt',
      'pord',
      'sord',
      'omov',
    ]);
    const rate = rates.body.items[0].erate_id;
    expect(
      (
        await app.call(
          auth.changeNotificationsSelf,
          { email_rate: rate, ntfy_types: ['bcst', 'pord'] },
          managerToken,
        )
      ).body,
    ).toEqual({});
    const profile = await app.call(auth.getProfileSelf, {}, managerToken);
    expect(profile.body).toMatchObject({ email_rate: rate, notifications: ['bcst', 'pord'] });
    const bad = await app.call(
      auth.changeNotificationsSelf,
      { email_rate: 987654, ntfy_types: [] },
      managerToken,
    );
    expect(bad.status).toBe(400);
    const target = await createUser(app.deps.db, { companyIds: [companyA.id] });
    const force = await app.call(
      auth.changeNotificationsForce,
      { user_id: target.id, email_rate: null, ntfy_types: ['sord'] },
      managerToken,
    );
    expect(force.body).toEqual({});
  });

  it('change_password_force expires the password and ends the target sessions', async () => {
    const target = await createUser(app.deps.db, { companyIds: [companyA.id] });
    const targetToken = await loginAs(app, target);
    const soft = await app.call(
      auth.changePasswordForce,
      { user_id: target.id, password_new: 'short', password_conf: 'short' },
      managerToken,
    );
    expect(soft.body.failure.code).toBe('password_too_soft');
    const empty = await app.call(
      auth.changePasswordForce,
      { user_id: target.id, password_new: '', password_conf: '' },
      managerToken,
    );
    expect(empty).toEqual({ status: 200, body: { failure: { code: 'password_too_soft' } } });
    expect((await app.call(auth.getSession, {}, targetToken)).status).toBe(200);
    const same = await app.call(
      auth.changePasswordForce,
      { user_id: target.id, password_new: target.password, password_conf: target.password },
      managerToken,
    );
    expect(same.body.failure.code).toBe('dublicate_password');
    const ok = await app.call(
      auth.changePasswordForce,
      { user_id: target.id, password_new: 'set-by-admin-1', password_conf: 'set-by-admin-1' },
      managerToken,
    );
    expect(ok.body).toEqual({});
    expect((await app.call(auth.getSession, {}, targetToken)).status).toBe(401);
    const login = await app.call(auth.login, { username: target.username, password: 'set-by-admin-1' });
    expect(login.body.session_limited).toBe(true);
  });

  it('disable ends sessions at once and login then gives user_excluded; enable restores', async () => {
    const target = await createUser(app.deps.db, { companyIds: [companyB.id] });
    const targetToken = await loginAs(app, target);
    expect((await app.call(auth.disableUser, { user_id: target.id }, managerToken)).body).toEqual({});
    expect((await app.call(auth.getSession, {}, targetToken)).status).toBe(401);
    const login = await app.call(auth.login, { username: target.username, password: target.password });
    expect(login.body.failure.code).toBe('user_excluded');
    const list = await app.call(auth.listUsers, { filters: { user_id_list: [target.id] } }, managerToken);
    expect(list.body.items[0].excluded).toBe(true);
    expect((await app.call(auth.enableUser, { user_id: target.id }, managerToken)).body).toEqual({});
    await loginAs(app, target);
  });

  it('reset_login_failures unlocks a locked user', async () => {
    const target = await createUser(app.deps.db, { companyIds: [companyA.id] });
    for (let i = 0; i < 5; i++)
      await app.call(auth.login, { username: target.username, password: 'wrong-password' });
    const profile = await app.call(auth.getProfileForce, { user_id: target.id }, managerToken);
    expect(profile.body.too_many_login_failures).toBe(true);
    expect((await app.call(auth.resetLoginFailures, { user_id: target.id }, managerToken)).body).toEqual({});
    await loginAs(app, target);
  });

  it('unknown user ids are invalid_user_id', async () => {
    const response = await app.call(auth.enableUser, { user_id: 777_777 }, adminToken);
    expect(response.body).toEqual({ failure: { code: 'invalid_user_id' } });
  });
});
