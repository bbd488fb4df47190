import { beforeAll } from 'vitest';
import { createTestApp, loginAs, type TestApp } from './app';
import { createCompany, createConsignee, createUser } from './factories';

/**
 * The app, consignees and sessions of the test file that called useCatalogContext, set before its
 * tests. Test files run one after another in a worker, each setting them anew.
 */
export let app: TestApp;
export let own: Awaited<ReturnType<typeof createConsignee>>;
export let ownSecond: Awaited<ReturnType<typeof createConsignee>>;
export let other: Awaited<ReturnType<typeof createConsignee>>;
export let ownCompanyId: number;
export let otherCompanyId: number;
export let token: string;
export let adminToken: string;

/**
 * Registers, in the calling test file, the opening of its own app on a fresh database (closed after
 * the file by setup.ts) with two consignees of the user's company, one of another company, the
 * user's session and a role-99 session.
 */
export function useCatalogContext(): void {
  beforeAll(async () => {
    app = await createTestApp();
    const db = app.deps.db;
    const company = await createCompany(db);
    const otherCompany = await createCompany(db);
    ownCompanyId = company.id;
    otherCompanyId = otherCompany.id;
    own = await createConsignee(db, { companyId: company.id, name: 'Alpha Retail' });
    ownSecond = await createConsignee(db, { companyId: company.id, name: 'Beta Wholesale' });
    other = await createConsignee(db, { companyId: otherCompany.id, name: 'Alpha Foreign' });
    const user = await createUser(db, { permissions: ['pord'], companyIds: [company.id] });
    token = await loginAs(app, user);
    const admin = await createUser(db, { roleId: 99, permissions: ['pord'] });
    adminToken = await loginAs(app, admin);
  });
}
