import { auth, orders, stock } from '@extranet/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { loginAs } from '../../test/app';
import { createUser } from '../../test/factories';
import {
  ALL,
  addUser,
  admin,
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

describe('add_user', () => {
  it('creates a user whose first login is limited until the password changes', async () => {
    const created = await addUser(managerToken, { username: 'fresh.user' });
    expect(created.status).toBe(200);
    const userId = created.body.user_id;
    const login = await app.call(auth.login, { username: 'fresh.user', password: 'first-password-1' });
    expect(login.body.session_limited).toBe(true);
    const forbidden = await app.call(auth.getProfileSelf, {}, login.body.session_code);
    expect(forbidden).toEqual({ status: 403, body: { failure: { code: 'forbidden' } } });
    const profile = await app.call(auth.getProfileForce, { user_id: userId }, managerToken);
    expect(profile.body).toMatchObject({
      username: 'fresh.user',
      role: 1,
      companies: [{ company_id: companyA.id, name: 'Alpha Foods' }],
      password_expired: true,
      manageable: true,
    });
  });

  it('keeps the full name and email given with the account', async () => {
    const created = await addUser(managerToken, { fio: ' Anna Ozola ', email: 'anna.ozola@example.com' });
    const profile = await app.call(auth.getProfileForce, { user_id: created.body.user_id }, managerToken);
    expect(profile.body).toMatchObject({ fio: 'Anna Ozola', email: 'anna.ozola@example.com' });
    const bare = await addUser(managerToken, { fio: '', email: '' });
    const bareProfile = await app.call(auth.getProfileForce, { user_id: bare.body.user_id }, managerToken);
    expect(bareProfile.body).toMatchObject({ fio: null, email: null });
  });

  it('refuses an email that is not one as malformed, creating nobody', async () => {
    const response = await addUser(managerToken, { email: 'not-an-address' });
    expect(response.status).toBe(400);
    expect(response.body.failure.code).toBe('malformed_api_request');
  });

  it.each([
    ['dublicate_username', { username: 'FRESH.USER' }],
    ['password_too_soft', { password: 'short', password_conf: 'short' }],
    ['password_too_soft', { password: '', password_conf: '' }],
    ['invalid_username', { username: '   ' }],
    ['invalid_username', { username: 'x'.repeat(65) }],
    ['no_companies_specified', { companies: [] }],
    ['company_not_permitted', { companies: [3] }],
    ['company_not_permitted', { companies: [999_999] }],
    ['permission_required', { role: 81 }],
  ])('refuses with %s', async (code, overrides) => {
    const before = await app.deps.db.select().from(users);
    const response = await addUser(managerToken, overrides);
    expect(response.status).toBe(200);
    expect(response.body.failure.code).toBe(code);
    expect(await app.deps.db.select().from(users)).toHaveLength(before.length);
  });

  it('creates a user with role, companies and permissions in one call, which they have once signed in', async () => {
    const created = await addUser(managerToken, {
      username: 'one.step',
      role: 7,
      companies: [companyA.id, companyB.id],
      permissions: ['pord', 'stck', 'pord'],
    });
    expect(created.status).toBe(200);
    const limited = await app.call(auth.login, { username: 'one.step', password: 'first-password-1' });
    const changed = await app.call(
      auth.changePasswordSelf,
      {
        password_old: 'first-password-1',
        password_new: 'second-Password-77',
        password_conf: 'second-Password-77',
      },
      limited.body.session_code,
    );
    expect(changed.body).toMatchObject({
      session_limited: false,
      role: 7,
      pord: true,
      stck: true,
      sord: false,
    });
    expect(changed.body.umgr).toBe(false);
    const stockList = await app.call(stock.listStocks, {}, changed.body.session_code);
    expect(stockList.status).toBe(200);
    const sales = await app.call(orders.sales.listOrders, {}, changed.body.session_code);
    expect(sales.status).toBe(403);
    const profile = await app.call(auth.getProfileForce, { user_id: created.body.user_id }, managerToken);
    expect(profile.body).toMatchObject({
      role: 7,
      companies: [{ company_id: companyA.id }, { company_id: companyB.id }],
      permissions: ['pord', 'stck'],
    });
  });

  it('still takes the call without permissions: the user then has none', async () => {
    const created = await addUser(managerToken);
    const profile = await app.call(auth.getProfileForce, { user_id: created.body.user_id }, managerToken);
    expect(profile.body.permissions).toEqual([]);
  });

  it.each([
    ['a permission the manager lacks', { permissions: ['pord', 'cmgr'] }, 'permissions_error'],
    [
      'a company the manager does not have',
      { companies: [3], permissions: ['pord'] },
      'company_not_permitted',
    ],
    ['an unknown permission', { permissions: ['pord', 'root'] }, 'permission_unknown'],
  ])('refuses %s and creates nobody', async (_what, overrides, code) => {
    const before = await app.deps.db.select().from(users);
    const response = await addUser(managerToken, { username: 'never.created', ...overrides });
    expect(response.body.failure.code).toBe(code);
    expect(await app.deps.db.select().from(users)).toHaveLength(before.length);
  });

  it('lets role 99 create a user without companies only for role 99', async () => {
    expect((await addUser(adminToken, { role: 99, companies: [] })).body.user_id).toBeGreaterThan(0);
    expect((await addUser(adminToken, { role: 7, companies: [] })).body.failure.code).toBe(
      'no_companies_specified',
    );
  });

  it('refuses a mismatched confirmation and a username that is not text with 400', async () => {
    expect((await addUser(managerToken, { password_conf: 'other-password-1' })).status).toBe(400);
    expect((await addUser(managerToken, { password_conf: '' })).status).toBe(400);
    expect((await addUser(managerToken, { username: 42 })).status).toBe(400);
    // A bad username beside malformed input is malformed, not a business refusal.
    expect((await addUser(managerToken, { username: '', role: 5 })).status).toBe(400);
  });

  it('keeps the username as trimmed, up to 64 characters', async () => {
    const name = ` ${'y'.repeat(62)}z `;
    const created = await addUser(adminToken, { username: name });
    const profile = await app.call(auth.getProfileForce, { user_id: created.body.user_id }, adminToken);
    expect(profile.body.username).toBe(name.trim());
  });

  it('answers 403 to a user without umgr', async () => {
    const operator = await createUser(app.deps.db, { permissions: ['pord'], companyIds: [companyA.id] });
    const token = await loginAs(app, operator);
    expect((await addUser(token)).status).toBe(403);
    expect((await app.call(auth.listUsers, {}, token)).status).toBe(403);
    expect((await app.call(auth.disableUser, { user_id: manager.id }, token)).status).toBe(403);
  });
});

describe('list_users', () => {
  it('shows a manager only users sharing a company, and role 99 everyone', async () => {
    const outsider = await createUser(app.deps.db, { companyIds: [companyC.id], fio: 'Outsider Person' });
    const insider = await createUser(app.deps.db, { companyIds: [companyB.id], fio: 'Insider Person' });
    const asManager = await app.call(auth.listUsers, { count: 1000 }, managerToken);
    const ids = asManager.body.items.map((u: { user_id: number }) => u.user_id);
    expect(ids).toContain(insider.id);
    expect(ids).not.toContain(outsider.id);
    expect(ids).not.toContain(admin.id);
    const asAdmin = await app.call(auth.listUsers, { count: 1000 }, adminToken);
    expect(asAdmin.body.items.map((u: { user_id: number }) => u.user_id)).toEqual(
      expect.arrayContaining([outsider.id, insider.id, admin.id]),
    );
  });

  it('filters by smart text, role, company and id list, and counts the total', async () => {
    const target = await createUser(app.deps.db, {
      companyIds: [companyB.id],
      fio: 'Jānis Bērziņš',
      email: 'janis@example.com',
      roleId: 7,
    });
    const bySmart = await app.call(
      auth.listUsers,
      { filters: { smart: 'JANIS@' }, with_total: true },
      adminToken,
    );
    expect(bySmart.body.items.map((u: { user_id: number }) => u.user_id)).toEqual([target.id]);
    expect(bySmart.body.total).toBe(1);
    const byRole = await app.call(
      auth.listUsers,
      { filters: { role_id: 7, company_id: companyB.id } },
      adminToken,
    );
    expect(byRole.body.items.every((u: { role: number }) => u.role === 7)).toBe(true);
    const byIds = await app.call(
      auth.listUsers,
      { filters: { user_id_list: [target.id, admin.id] } },
      managerToken,
    );
    expect(byIds.body.items.map((u: { user_id: number }) => u.user_id)).toEqual([target.id]);
  });

  it('pages and orders without overlap', async () => {
    const first = await app.call(auth.listUsers, { page: 0, count: 2, ordering: '-username' }, adminToken);
    const second = await app.call(auth.listUsers, { page: 1, count: 2, ordering: '-username' }, adminToken);
    expect(first.body.more).toBe(true);
    const names = [...first.body.items, ...second.body.items].map((u: { username: string }) => u.username);
    expect(new Set(names).size).toBe(4);
    expect(names).toEqual([...names].sort().reverse());
  });

  it('refuses unknown filters and orderings with 400 and crud codes', async () => {
    const filter = await app.call(auth.listUsers, { filters: { password: 'x' } }, adminToken);
    expect(filter).toMatchObject({ status: 400, body: { failure: { code: 'crud_filter_unknown' } } });
    const type = await app.call(auth.listUsers, { filters: { role_id: 'seven' } }, adminToken);
    expect(type).toMatchObject({ status: 400, body: { failure: { code: 'crud_filter_invalid_type' } } });
    const order = await app.call(auth.listUsers, { ordering: 'password_hash' }, adminToken);
    expect(order).toMatchObject({ status: 400, body: { failure: { code: 'crud_order_unknown' } } });
    const count = await app.call(auth.listUsers, { count: 5000 }, adminToken);
    expect(count.status).toBe(400);
  });
});

describe('profiles and manageable', () => {
  it('own profile is never manageable; a role-99 user is invisible to a manager', async () => {
    const self = await app.call(auth.getProfileSelf, {}, managerToken);
    expect(self.body).toMatchObject({ user_id: manager.id, manageable: false, role: 7 });
    const adminProfile = await app.call(auth.getProfileForce, { user_id: admin.id }, managerToken);
    expect(adminProfile.body).toEqual({ failure: { code: 'invalid_user_id' } });
  });

  it('a user of a higher role or with a foreign company is visible but not manageable', async () => {
    const higher = await createUser(app.deps.db, { roleId: 81, companyIds: [companyA.id] });
    const mixed = await createUser(app.deps.db, { roleId: 1, companyIds: [companyA.id, companyC.id] });
    for (const target of [higher, mixed]) {
      const profile = await app.call(auth.getProfileForce, { user_id: target.id }, managerToken);
      expect(profile.body.manageable).toBe(false);
      const refused = await app.call(auth.disableUser, { user_id: target.id }, managerToken);
      expect(refused.body).toEqual({ failure: { code: 'permission_required' } });
      const rename = await app.call(
        auth.changeUsername,
        { user_id: target.id, username: 'hijacked' },
        managerToken,
      );
      expect(rename.body.failure.code).toBe('permission_required');
    }
  });

  it('nobody disables themselves', async () => {
    const response = await app.call(auth.disableUser, { user_id: manager.id }, managerToken);
    expect(response.body.failure.code).toBe('permission_required');
  });
});

describe("another company's data behaves as none", () => {
  it("get_profile_force shows a manager only the user's companies it has too; role 99 sees all", async () => {
    const shared = await createUser(app.deps.db, { roleId: 81, companyIds: [companyA.id, companyC.id] });
    const asManager = await app.call(auth.getProfileForce, { user_id: shared.id }, managerToken);
    expect(asManager.body).toMatchObject({
      companies: [{ company_id: companyA.id, name: 'Alpha Foods' }],
      manageable: false,
    });
    const asAdmin = await app.call(auth.getProfileForce, { user_id: shared.id }, adminToken);
    expect(asAdmin.body.companies).toEqual([
      { company_id: companyA.id, name: 'Alpha Foods' },
      { company_id: companyC.id, name: 'Gamma Wine' },
    ]);
  });

  it('list_users of a company the caller does not have lists nobody, as for a missing company', async () => {
    const shared = await createUser(app.deps.db, { companyIds: [companyA.id, companyC.id] });
    const query = (company_id: number) => ({ filters: { company_id }, count: 1000, with_total: true });
    const foreign = await app.call(auth.listUsers, query(companyC.id), managerToken);
    expect(foreign.body).toEqual({ items: [], more: false, total: 0 });
    expect((await app.call(auth.listUsers, query(999_999), managerToken)).body).toEqual(foreign.body);
    const ids = (response: { body: { items: Array<{ user_id: number }> } }) =>
      response.body.items.map((u) => u.user_id);
    expect(ids(await app.call(auth.listUsers, query(companyA.id), managerToken))).toContain(shared.id);
    expect(ids(await app.call(auth.listUsers, query(companyC.id), adminToken))).toContain(shared.id);
  });

  it('list_linked_companies leaves out another company even when asked for by id', async () => {
    const response = await app.call(
      auth.listLinkedCompanies,
      { filters: { company_id_list: [companyC.id, companyA.id] } },
      managerToken,
    );
    expect(response.body.items).toEqual([
      { company_id: companyA.id, name: 'Alpha Foods', second_factor_required: false },
    ]);
  });

  it('change_access by a manager keeps the companies it cannot see: such a user is not manageable', async () => {
    const shared = await createUser(app.deps.db, {
      companyIds: [companyA.id, companyC.id],
      permissions: ['pord'],
    });
    const response = await app.call(
      auth.changeAccess,
      { user_id: shared.id, role: 1, companies: [companyA.id], permissions: ['pord', 'sord'] },
      managerToken,
    );
    expect(response.body).toEqual({ failure: { code: 'permission_required' } });
    const profile = await app.call(auth.getProfileForce, { user_id: shared.id }, adminToken);
    expect(profile.body).toMatchObject({
      companies: [{ company_id: companyA.id }, { company_id: companyC.id }],
      permissions: ['pord'],
    });
  });
});

describe('reference lists', () => {
  it('list_roles without view offers only roles up to the caller', async () => {
    const grantable = await app.call(auth.listRoles, { view: false }, managerToken);
    expect(grantable.body.items.map((r: { role_id: number }) => r.role_id)).toEqual([1, 7]);
    const all = await app.call(auth.listRoles, { view: true }, managerToken);
    expect(all.body.items.map((r: { role_id: number }) => r.role_id)).toEqual([1, 7, 81, 99]);
    const perms = await app.call(auth.listPermissions, {}, managerToken);
    expect(perms.body.items.map((p: { perm_id: string }) => p.perm_id)).toEqual([...ALL]);
  });

  it('list_linked_companies: own companies, every company for role 99', async () => {
    const own = await app.call(auth.listLinkedCompanies, {}, managerToken);
    expect(own.body.items.map((c: { name: string }) => c.name)).toEqual(['Alpha Foods', 'Beta Tools']);
    const search = await app.call(auth.listLinkedCompanies, { filters: { smart: 'gamma' } }, adminToken);
    expect(search.body.items).toEqual([
      { company_id: companyC.id, name: 'Gamma Wine', second_factor_required: false },
    ]);
    expect(search.body.total).toBeUndefined();
    const defaults = await app.call(auth.getAddUserDefaults, {}, managerToken);
    expect(defaults.body).toEqual({ role: 1, companies: [] });
  });

  it('list_linked_companies counts with_total under the same scope and filters as its items', async () => {
    const page = await app.call(auth.listLinkedCompanies, { count: 1, with_total: true }, managerToken);
    expect(page.body).toMatchObject({ more: true, total: 2 });
    expect(page.body.items).toHaveLength(1);
    const search = await app.call(
      auth.listLinkedCompanies,
      { filters: { smart: 'beta' }, with_total: true },
      managerToken,
    );
    expect(search.body).toEqual({
      items: [{ company_id: companyB.id, name: 'Beta Tools', second_factor_required: false }],
      more: false,
      total: 1,
    });
    const foreign = await app.call(
      auth.listLinkedCompanies,
      { filters: { company_id_list: [companyC.id] }, with_total: true },
      managerToken,
    );
    expect(foreign.body).toEqual({ items: [], more: false, total: 0 });
  });
});

describe('row checks', () => {
  it('add_user stores the argon2id hash, never the password', async () => {
    const created = await addUser(adminToken, { username: 'hash.check' });
    const [row] = await app.deps.db.select().from(users).where(eq(users.id, created.body.user_id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });
});
