import { auth } from '@extranet/contract';
import { beforeAll } from 'vitest';
import { createTestApp, loginAs, type TestApp } from './app';
import { createCompany, createUser } from './factories';

export const ALL = ['umgr', 'cmgr', 'stck', 'pord', 'sord', 'reps'] as const;

/**
 * The app, companies and administrators of the test file that called useUsersContext, set before
 * its tests. Test files run one after another in a worker, each setting them anew.
 */
export let app: TestApp;
export let companyA: { id: number; name: string };
export let companyB: { id: number; name: string };
export let companyC: { id: number; name: string };
export let admin: Awaited<ReturnType<typeof createUser>>;
export let manager: Awaited<ReturnType<typeof createUser>>;
export let adminToken: string;
export let managerToken: string;

/**
 * Registers, in the calling test file, the opening of its own app on a fresh database (closed after
 * the file by setup.ts) with three companies, a role-99 administrator and a manager of two of them.
 */
export function useUsersContext(): void {
  beforeAll(async () => {
    app = await createTestApp();
    const db = app.deps.db;
    companyA = await createCompany(db, { name: 'Alpha Foods' });
    companyB = await createCompany(db, { name: 'Beta Tools' });
    companyC = await createCompany(db, { name: 'Gamma Wine' });
    admin = await createUser(db, { roleId: 99, permissions: [...ALL] });
    manager = await createUser(db, {
      roleId: 7,
      permissions: ['umgr', 'pord', 'sord', 'stck', 'reps'],
      companyIds: [companyA.id, companyB.id],
    });
    adminToken = await loginAs(app, admin);
    managerToken = await loginAs(app, manager);
  });
}

export async function addUser(token: string, overrides: Record<string, unknown> = {}) {
  return app.call(
    auth.addUser,
    {
      username: `new-${Math.random().toString(36).slice(2, 8)}`,
      password: 'first-password-1',
      password_conf: 'first-password-1',
      role: 1,
      companies: [companyA.id],
      ...overrides,
    },
    token,
  );
}
