import { auth, catalogs, companies } from '@extranet/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies as companyTable, consignees, skus, uoms } from '../../db/schema';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createCompany, createConsignee, createUser, TEST_PASSWORD } from '../../test/factories';

let app: TestApp;
let adminToken: string;
let managerToken: string;
let sequence = 0;
const unique = (prefix: string) => `${prefix} ${++sequence} ${Math.random().toString(36).slice(2, 6)}`;

beforeAll(async () => {
  app = await createTestApp();
  const admin = await createUser(app.deps.db, { roleId: 99 });
  adminToken = await loginAs(app, { username: admin.username, password: TEST_PASSWORD });
  const company = await createCompany(app.deps.db);
  const manager = await createUser(app.deps.db, {
    roleId: 81,
    permissions: ['umgr', 'cmgr'],
    companyIds: [company.id],
  });
  managerToken = await loginAs(app, { username: manager.username, password: TEST_PASSWORD });
});

const call = <C extends Parameters<TestApp['call']>[0]>(
  def: C,
  body: Record<string, unknown>,
  token = adminToken,
) => app.call(def, body, token);

async function addCompany(fields = { code: unique('C').replaceAll(' ', '-'), name: unique('Company') }) {
  const { body } = await call(companies.addCompany, fields);
  expect(body.failure).toBeUndefined();
  return { id: body.company_id as number, ...fields };
}

describe('companies', () => {
  it('adds a company and lists it with search on code and name', async () => {
    const company = await addCompany();
    const byCode = await call(companies.listCompanies, {
      filters: { smart: company.code },
      with_total: true,
    });
    expect(byCode.body.items).toEqual([
      {
        company_id: company.id,
        code: company.code,
        name: company.name,
        active: true,
        second_factor_required: false,
        sso_required: false,
        users: 0,
        consignees: 0,
      },
    ]);
    expect(byCode.body.total).toBe(1);
    const byName = await call(companies.listCompanies, { filters: { smart: company.name.slice(0, 12) } });
    expect(byName.body.items.map((item: { company_id: number }) => item.company_id)).toContain(company.id);
  });

  it('refuses a taken code or name, and bad input, changing nothing', async () => {
    const company = await addCompany();
    const sameCode = await call(companies.addCompany, { code: company.code, name: unique('Other') });
    expect(sameCode.body.failure.code).toBe('company_code_dublicate');
    const sameName = await call(companies.addCompany, {
      code: unique('X').replaceAll(' ', ''),
      name: company.name,
    });
    expect(sameName.body.failure.code).toBe('company_name_dublicate');
    const tooLong = await call(companies.addCompany, { code: 'x'.repeat(51), name: 'Fine' });
    expect(tooLong.status).toBe(400);
    const empty = await call(companies.addCompany, { code: '  ', name: 'Fine' });
    expect(empty.status).toBe(400);
    const count = await app.deps.db.select().from(companyTable).where(eq(companyTable.name, 'Fine'));
    expect(count).toEqual([]);
  });

  it('edits code and name; another company’s code is refused', async () => {
    const company = await addCompany();
    const other = await addCompany();
    const edited = await call(companies.editCompany, {
      company_id: company.id,
      code: `${company.code}-N`,
      name: `${company.name} New`,
    });
    expect(edited.body).toEqual({});
    const view = await call(companies.viewCompany, { company_id: company.id });
    expect(view.body).toMatchObject({ code: `${company.code}-N`, name: `${company.name} New` });
    const clash = await call(companies.editCompany, {
      company_id: company.id,
      code: other.code,
      name: 'Any',
    });
    expect(clash.body.failure.code).toBe('company_code_dublicate');
    // Keeping its own code and name is no clash.
    const same = await call(companies.editCompany, {
      company_id: company.id,
      code: `${company.code}-N`,
      name: `${company.name} New`,
    });
    expect(same.body).toEqual({});
    const missing = await call(companies.editCompany, { company_id: 2_000_000_000, code: 'Z', name: 'Z' });
    expect(missing.body.failure.code).toBe('company_not_found');
  });

  it('shows a company with its consignees and counts', async () => {
    const company = await createCompany(app.deps.db);
    const consignee = await createConsignee(app.deps.db, { companyId: company.id });
    await createUser(app.deps.db, { companyIds: [company.id] });
    const view = await call(companies.viewCompany, { company_id: company.id });
    expect(view.body).toMatchObject({ company_id: company.id, users: 1, consignees: 1 });
    expect(view.body.consignees_list).toEqual([
      expect.objectContaining({ consignee_id: consignee.id, code: consignee.code, active: true }),
    ]);
  });

  it('is for role 99 only', async () => {
    for (const [def, body] of [
      [companies.listCompanies, {}],
      [companies.addCompany, { code: 'NOPE', name: 'Nope' }],
      [companies.disableCompany, { company_id: 1 }],
      [companies.importMasterData, { master: {}, dry_run: true }],
    ] as const) {
      const { body: answer } = await call(def, body, managerToken);
      expect(answer.failure?.code).toBe('permission_required');
    }
  });
});

describe('a deactivated company', () => {
  it('keeps its users out and its data, until activated again', async () => {
    const company = await createCompany(app.deps.db);
    const other = await createCompany(app.deps.db);
    const consignee = await createConsignee(app.deps.db, { companyId: company.id });
    const user = await createUser(app.deps.db, { permissions: ['pord'], companyIds: [company.id] });
    const both = await createUser(app.deps.db, { permissions: ['pord'], companyIds: [company.id, other.id] });
    const session = await loginAs(app, { username: user.username, password: TEST_PASSWORD });
    const bothSession = await loginAs(app, { username: both.username, password: TEST_PASSWORD });

    expect((await call(companies.disableCompany, { company_id: company.id })).body).toEqual({});
    // The open session ends; signing in is refused, saying why.
    expect((await app.call(auth.getSession, {}, session)).status).toBe(401);
    const login = await app.call(auth.login, { username: user.username, password: TEST_PASSWORD });
    expect(login.body.failure.code).toBe('company_disabled');
    // A wrong password still answers as any wrong password does.
    const wrong = await app.call(auth.login, { username: user.username, password: 'wrong-password-1' });
    expect(wrong.body.failure.code).toBe('auth_error');

    // A user with another, active company stays in, without the deactivated one.
    const bothView = await app.call(auth.getSession, {}, bothSession);
    expect(bothView.status).toBe(200);
    const picked = await app.call(
      catalogs.listConsignees,
      { filters: { consignee_id_list: [consignee.id] } },
      bothSession,
    );
    expect(picked.body.items).toEqual([]);
    // Pickers of role 99 no longer offer it; its data stays.
    const linked = await call(auth.listLinkedCompanies, { filters: { smart: company.name }, count: 1000 });
    expect(linked.body.items.map((item: { company_id: number }) => item.company_id)).not.toContain(
      company.id,
    );
    const named = await call(auth.listLinkedCompanies, { filters: { company_id_list: [company.id] } });
    expect(named.body.items).toHaveLength(1);
    const kept = await app.deps.db.select().from(consignees).where(eq(consignees.companyId, company.id));
    expect(kept).toHaveLength(1);
    const listed = await call(companies.listCompanies, { filters: { active: false, smart: company.code } });
    expect(listed.body.items).toEqual([expect.objectContaining({ company_id: company.id, active: false })]);

    expect((await call(companies.enableCompany, { company_id: company.id })).body).toEqual({});
    const again = await app.call(auth.login, { username: user.username, password: TEST_PASSWORD });
    expect(again.body.session_code).toBeTruthy();
  });
});

describe('master data upload', () => {
  it('previews without writing, then applies the records it does not refuse', async () => {
    const company = await addCompany();
    const code = unique('CN').replaceAll(' ', '-');
    const master = {
      consignees: [
        { code, name: 'Uploaded consignee', company: company.code, business_line: 'Retail' },
        { code: `${code}-X`, name: 'Nobody’s', company: 'NO-SUCH-COMPANY', business_line: 'Retail' },
      ],
    };
    const preview = await call(companies.importMasterData, { master, dry_run: true });
    expect(preview.body.outcomes).toEqual([
      { catalog: 'consignees', index: 0, key: code, outcome: 'added', problems: [] },
      {
        catalog: 'consignees',
        index: 1,
        key: `${code}-X`,
        outcome: 'refused',
        problems: [{ field: 'company', problem: 'company_unknown', value: 'NO-SUCH-COMPANY' }],
      },
    ]);
    expect(await app.deps.db.select().from(consignees).where(eq(consignees.code, code))).toEqual([]);

    const applied = await call(companies.importMasterData, { master });
    expect(applied.body.outcomes.map((item: { outcome: string }) => item.outcome)).toEqual([
      'added',
      'refused',
    ]);
    const [stored] = await app.deps.db.select().from(consignees).where(eq(consignees.code, code));
    expect(stored).toMatchObject({ companyId: company.id, name: 'Uploaded consignee' });
    const again = await call(companies.importMasterData, { master, dry_run: true });
    expect(again.body.outcomes[0].outcome).toBe('unchanged');
  });

  it('from a company’s page knows only that company’s consignees', async () => {
    const company = await createCompany(app.deps.db);
    const other = await createCompany(app.deps.db);
    const own = await createConsignee(app.deps.db, { companyId: company.id });
    const foreign = await createConsignee(app.deps.db, { companyId: other.id });
    const master = {
      skus: [
        { consignee: own.code, code: 'SKU-OWN', name: 'Own product' },
        { consignee: foreign.code, code: 'SKU-FOREIGN', name: 'Foreign product' },
      ],
      consignees: [{ code: foreign.code, name: 'Taken over', company: other.code, business_line: 'Retail' }],
    };
    const { body } = await call(companies.importMasterData, { master, company_id: company.id });
    expect(
      body.outcomes.map((item: { catalog: string; outcome: string; problems: { problem: string }[] }) => [
        item.catalog,
        item.outcome,
        item.problems.map((problem) => problem.problem),
      ]),
    ).toEqual([
      ['consignees', 'refused', ['company_unknown']],
      ['skus', 'added', []],
      ['skus', 'refused', ['consignee_unknown']],
    ]);
    const [kept] = await app.deps.db.select().from(consignees).where(eq(consignees.id, foreign.id));
    expect(kept!.name).toBe(foreign.name);
  });

  it('reads a SKU’s unit code without regard to case, and names the unit it cannot find', async () => {
    const company = await createCompany(app.deps.db);
    const consignee = await createConsignee(app.deps.db, { companyId: company.id });
    const master = {
      skus: [
        { consignee: consignee.code, code: 'SKU-UPPER', name: 'Upper', uom: 'PCS' },
        { consignee: consignee.code, code: 'SKU-MIXED', name: 'Mixed', uom: ' Box ' },
        { consignee: consignee.code, code: 'SKU-SHIFTED', name: 'Shifted', uom: '4750000000017' },
      ],
    };
    const { body } = await call(companies.importMasterData, { master, company_id: company.id });
    expect(
      body.outcomes.map((item: { outcome: string; problems: unknown[] }) => [item.outcome, item.problems]),
    ).toEqual([
      ['added', []],
      ['added', []],
      ['refused', [{ field: 'uom', problem: 'uom_unknown', value: '4750000000017' }]],
    ]);
    const stored = await app.deps.db
      .select({ code: skus.code, uom: uoms.name })
      .from(skus)
      .innerJoin(uoms, eq(uoms.id, skus.uomId))
      .where(eq(skus.consigneeId, consignee.id))
      .orderBy(skus.code);
    expect(stored).toEqual([
      { code: 'SKU-MIXED', uom: 'box' },
      { code: 'SKU-UPPER', uom: 'pcs' },
    ]);
  });
});
