import { reports } from '@extranet/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { reports as reportsTable } from '../../db/schema';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createCompany, createUser } from '../../test/factories';

let app: TestApp;
let readerToken: string;
let managerToken: string;
let adminToken: string;
let alpha: Awaited<ReturnType<typeof createCompany>>;
let beta: Awaited<ReturnType<typeof createCompany>>;
let foreign: Awaited<ReturnType<typeof createCompany>>;

async function createReport(values: { companyId: number; name: string; url?: string }) {
  const [row] = await app.deps.db
    .insert(reportsTable)
    .values({ url: 'https://reports.example.com/r', ...values })
    .returning();
  return row!;
}

beforeAll(async () => {
  app = await createTestApp();
  const db = app.deps.db;
  alpha = await createCompany(db, { name: 'Alpha Trading' });
  beta = await createCompany(db, { name: 'Beta Foods' });
  foreign = await createCompany(db, { name: 'Aardvark Foreign' });
  const reader = await createUser(db, { permissions: ['reps'], companyIds: [alpha.id, beta.id] });
  readerToken = await loginAs(app, reader);
  const manager = await createUser(db, { permissions: ['reps', 'cmgr'], companyIds: [alpha.id, beta.id] });
  managerToken = await loginAs(app, manager);
  const admin = await createUser(db, { roleId: 99, permissions: ['reps', 'cmgr'] });
  adminToken = await loginAs(app, admin);
});

describe('reports/list_reports and view_report', () => {
  let sales: Awaited<ReturnType<typeof createReport>>;
  let stockReport: Awaited<ReturnType<typeof createReport>>;
  let turnover: Awaited<ReturnType<typeof createReport>>;
  let hidden: Awaited<ReturnType<typeof createReport>>;

  beforeAll(async () => {
    turnover = await createReport({ companyId: beta.id, name: 'Turnover' });
    sales = await createReport({
      companyId: alpha.id,
      name: 'Sales',
      url: 'https://bi.example.com/sales?x=1',
    });
    stockReport = await createReport({ companyId: alpha.id, name: 'Stock' });
    hidden = await createReport({ companyId: foreign.id, name: 'Secret' });
  });

  it("lists the reports of the user's companies by company name, then report name", async () => {
    const response = await app.call(reports.listReports, { filters: {}, count: 100 }, readerToken);
    expect(response.status).toBe(200);
    expect(response.body.items).toEqual([
      {
        report_id: sales.id,
        company_id: alpha.id,
        company: { company_id: alpha.id, name: 'Alpha Trading' },
        name: 'Sales',
        url: 'https://bi.example.com/sales?x=1',
      },
      expect.objectContaining({ report_id: stockReport.id }),
      expect.objectContaining({ report_id: turnover.id }),
    ]);
  });

  it('lists every company for role 99 and filters by company and text', async () => {
    const all = await app.call(reports.listReports, { filters: {}, count: 100 }, adminToken);
    expect(all.body.items[0].report_id).toBe(hidden.id);
    const byCompany = await app.call(reports.listReports, { filters: { company_id: beta.id } }, readerToken);
    expect(byCompany.body.items.map((item: { name: string }) => item.name)).toEqual(['Turnover']);
    const bySmart = await app.call(reports.listReports, { filters: { smart: 'sto' } }, readerToken);
    expect(bySmart.body.items.map((item: { name: string }) => item.name)).toEqual(['Stock']);
    const foreignCompany = await app.call(
      reports.listReports,
      { filters: { company_id: foreign.id } },
      readerToken,
    );
    expect(foreignCompany.body.items).toEqual([]);
    const byName = await app.call(reports.listReports, { filters: {}, ordering: '-name' }, readerToken);
    expect(byName.body.items.map((item: { name: string }) => item.name)).toEqual([
      'Turnover',
      'Stock',
      'Sales',
    ]);
  });

  it("answers total with with_total, counting the caller's reports under the filters", async () => {
    const page = await app.call(reports.listReports, { count: 2, with_total: true }, readerToken);
    expect(page.body).toMatchObject({ more: true, total: 3 });
    expect(page.body.items).toHaveLength(2);
    // smart matches the company name too: through the same join as the items.
    const bySmart = await app.call(
      reports.listReports,
      { filters: { smart: 'alpha' }, with_total: true },
      readerToken,
    );
    expect(bySmart.body).toMatchObject({ more: false, total: 2 });
    const foreignCompany = await app.call(
      reports.listReports,
      { filters: { company_id: foreign.id }, with_total: true },
      readerToken,
    );
    expect(foreignCompany.body).toEqual({ items: [], more: false, total: 0 });
    const asAdmin = await app.call(reports.listReports, { count: 1, with_total: true }, adminToken);
    expect(asAdmin.body.total).toBe(4);
    const without = await app.call(reports.listReports, {}, readerToken);
    expect(without.body).not.toHaveProperty('total');
  });

  it("views a report, and answers another company's report as not found", async () => {
    const view = await app.call(reports.viewReport, { report_id: sales.id }, readerToken);
    expect(view.body).toMatchObject({
      report_id: sales.id,
      name: 'Sales',
      url: 'https://bi.example.com/sales?x=1',
    });
    const other = await app.call(reports.viewReport, { report_id: hidden.id }, readerToken);
    const missing = await app.call(reports.viewReport, { report_id: 999_999 }, readerToken);
    expect(other).toEqual({
      status: 200,
      body: { failure: { code: 'report_not_found', details: { report_id: hidden.id } } },
    });
    expect(missing.body.failure.code).toBe('report_not_found');
  });

  it('is closed to users without reps', async () => {
    const user = await createUser(app.deps.db, { permissions: ['stck', 'cmgr'], companyIds: [alpha.id] });
    const token = await loginAs(app, user);
    expect((await app.call(reports.listReports, { filters: {} }, token)).status).toBe(403);
    expect((await app.call(reports.viewReport, { report_id: sales.id }, token)).status).toBe(403);
  });
});

describe('reports/add_report, edit_report, delete_report', () => {
  it('adds, edits and deletes a report of one of the user’s companies', async () => {
    const added = await app.call(
      reports.addReport,
      { fields: { company_id: alpha.id, name: '  Daily stock  ', url: 'http://127.0.0.1:8080/daily' } },
      managerToken,
    );
    expect(added.status).toBe(200);
    const reportId = added.body.report_id;
    const view = await app.call(reports.viewReport, { report_id: reportId }, managerToken);
    expect(view.body).toMatchObject({
      company_id: alpha.id,
      name: 'Daily stock',
      url: 'http://127.0.0.1:8080/daily',
    });

    const edited = await app.call(
      reports.editReport,
      {
        report_id: reportId,
        fields: { company_id: beta.id, name: 'Weekly stock', url: 'https://bi.example.com/w' },
      },
      managerToken,
    );
    expect(edited.body).toEqual({});
    const after = await app.call(reports.viewReport, { report_id: reportId }, managerToken);
    expect(after.body).toMatchObject({
      company_id: beta.id,
      company: { name: 'Beta Foods' },
      name: 'Weekly stock',
    });

    expect((await app.call(reports.deleteReport, { report_id: reportId }, managerToken)).body).toEqual({});
    const gone = await app.call(reports.viewReport, { report_id: reportId }, managerToken);
    expect(gone.body.failure.code).toBe('report_not_found');
    const again = await app.call(reports.deleteReport, { report_id: reportId }, managerToken);
    expect(again.body.failure.code).toBe('report_not_found');
  });

  it('refuses urls that are not http(s), and empty names', async () => {
    for (const url of [
      'javascript:alert(1)',
      'ftp://example.com/x',
      'data:text/html,hi',
      'not a url',
      '',
      'file:///etc/passwd',
    ]) {
      const response = await app.call(
        reports.addReport,
        { fields: { company_id: alpha.id, name: 'Bad', url } },
        managerToken,
      );
      expect(response.status, url).toBe(400);
      expect(response.body.failure.code).toBe('malformed_api_request');
    }
    const noName = await app.call(
      reports.addReport,
      { fields: { company_id: alpha.id, name: ' ', url: 'https://example.com' } },
      managerToken,
    );
    expect(noName.status).toBe(400);
  });

  it("refuses another company's report and moving a report to another company", async () => {
    const hidden = await createReport({ companyId: foreign.id, name: 'Hidden' });
    const fields = { company_id: alpha.id, name: 'Mine now', url: 'https://example.com' };
    const edit = await app.call(reports.editReport, { report_id: hidden.id, fields }, managerToken);
    expect(edit.body.failure.code).toBe('report_not_found');
    const remove = await app.call(reports.deleteReport, { report_id: hidden.id }, managerToken);
    expect(remove.body.failure.code).toBe('report_not_found');

    const own = await createReport({ companyId: alpha.id, name: 'Own' });
    const move = await app.call(
      reports.editReport,
      { report_id: own.id, fields: { ...fields, company_id: foreign.id } },
      managerToken,
    );
    expect(move.body.failure.code).toBe('company_not_permitted');
    const add = await app.call(
      reports.addReport,
      { fields: { ...fields, company_id: foreign.id } },
      managerToken,
    );
    expect(add.body.failure.code).toBe('company_not_permitted');
    const adminAdd = await app.call(
      reports.addReport,
      { fields: { ...fields, company_id: foreign.id } },
      adminToken,
    );
    expect(adminAdd.body.report_id).toEqual(expect.any(Number));
  });

  it('is gated by cmgr', async () => {
    const fields = { company_id: alpha.id, name: 'X', url: 'https://example.com' };
    const add = await app.call(reports.addReport, { fields }, readerToken);
    expect(add).toMatchObject({ status: 403, body: { failure: { code: 'forbidden' } } });
    const own = await createReport({ companyId: alpha.id, name: 'Kept' });
    expect((await app.call(reports.editReport, { report_id: own.id, fields }, readerToken)).status).toBe(403);
    expect((await app.call(reports.deleteReport, { report_id: own.id }, readerToken)).status).toBe(403);
  });
});
