import { companies } from '@extranet/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { wmsEvents } from '../../db/schema';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createSku } from '../../test/catalogs.factories';
import { createCompany, createConsignee, createUser } from '../../test/factories';

let app: TestApp;
let adminToken: string;

beforeAll(async () => {
  app = await createTestApp();
  adminToken = await loginAs(app, await createUser(app.deps.db, { roleId: 99 }));
});

async function steps() {
  const response = await app.call(companies.getSetupSteps, {}, adminToken);
  expect(response.status).toBe(200);
  return Object.fromEntries(
    (response.body.items as { step: string; done: boolean }[]).map((item) => [item.step, item.done]),
  );
}

describe('getting started on a bare installation', () => {
  it('ticks each first step as the data shows it done, in the order they are taken', async () => {
    expect(await steps()).toEqual({ company: false, warehouse: false, master_data: false, users: false });
    const response = await app.call(companies.getSetupSteps, {}, adminToken);
    expect(response.body.items.map((item: { step: string }) => item.step)).toEqual([
      'company',
      'warehouse',
      'master_data',
      'users',
    ]);

    const company = await createCompany(app.deps.db);
    expect(await steps()).toMatchObject({ company: true, warehouse: false });
    await app.deps.db.insert(wmsEvents).values({ id: 'master-1' });
    expect(await steps()).toMatchObject({ warehouse: true, master_data: false });
    const consignee = await createConsignee(app.deps.db, { companyId: company.id });
    await createSku(app.deps.db, { consigneeId: consignee.id });
    expect(await steps()).toMatchObject({ master_data: true, users: false });
    // Another administrator is not a client user.
    await createUser(app.deps.db, { roleId: 99 });
    expect((await steps()).users).toBe(false);
    await createUser(app.deps.db, { roleId: 1, companyIds: [company.id] });
    expect(await steps()).toEqual({ company: true, warehouse: true, master_data: true, users: true });
  });

  it('answers only role 99', async () => {
    const manager = await createUser(app.deps.db, { roleId: 81, permissions: ['umgr'] });
    const response = await app.call(companies.getSetupSteps, {}, await loginAs(app, manager));
    expect(response.body.failure.code).toBe('permission_required');
  });
});
