import { reports } from '@extranet/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
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
      { fields: { company_id: alpha.id, name: '  Daily stock  ', url: 'https://bi.example.com/daily' } },
      managerToken,
    );
    expect(added.status).toBe(200);
    const reportId = added.body.report_id;
    const view = await app.call(reports.viewReport, { report_id: reportId }, managerToken);
    expect(view.body).toMatchObject({
      company_id: alpha.id,
      name: 'Daily stock',
      url: 'https://bi.example.com/daily',
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

describe('report URLs into private networks', () => {
  const add = (url: string, token = managerToken, target = app) =>
    target.call(reports.addReport, { fields: { company_id: alpha.id, name: 'Inside', url } }, token);

  it.each([
    ['loopback', 'http://127.0.0.1:8080/daily', '127.0.0.1'],
    ['loopback written in hex', 'http://0x7f.0.0.1/', '127.0.0.1'],
    ['loopback written as one number', 'http://2130706433/', '127.0.0.1'],
    ['loopback written in octal', 'http://0177.0.0.01/', '127.0.0.1'],
    ['the unspecified address', 'http://0.0.0.0:3000/', '0.0.0.0'],
    ['10/8', 'https://10.20.30.40/bi', '10.20.30.40'],
    ['172.16/12', 'https://172.20.1.1/', '172.20.1.1'],
    ['192.168/16', 'https://192.168.0.10/', '192.168.0.10'],
    ['link-local metadata', 'http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['IPv6 loopback', 'http://[::1]:3000/', '[::1]'],
    ['IPv6 unique local', 'https://[fd00:abcd::10]/', '[fd00:abcd::10]'],
    ['IPv6 link-local', 'https://[fe80::1]/', '[fe80::1]'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
  ])('refuses %s', async (_name, url, host) => {
    const response = await add(url);
    expect(response).toEqual({
      status: 200,
      body: { failure: { code: 'report_url_not_allowed', details: { reason: 'private_address', host } } },
    });
  });

  it.each([
    ['localhost', 'http://localhost:3000/'],
    ['localhost with a final dot', 'http://LocalHost./'],
    ['a name under localhost', 'http://grafana.localhost/'],
    ['a one-label name', 'http://metabase/'],
    ['an mDNS name', 'http://nas.local/'],
  ])('refuses %s', async (_name, url) => {
    const response = await add(url);
    expect(response.body.failure).toMatchObject({
      code: 'report_url_not_allowed',
      details: { reason: 'local_name' },
    });
  });

  it('refuses credentials in the URL', async () => {
    for (const url of ['https://user:pass@bi.example.com/r', 'https://user@bi.example.com/r']) {
      const response = await add(url);
      expect(response.body.failure, url).toEqual({
        code: 'report_url_not_allowed',
        details: { reason: 'credentials', host: 'bi.example.com' },
      });
    }
  });

  it('refuses such a URL on edit too, and keeps the report as it was', async () => {
    const own = await createReport({ companyId: alpha.id, name: 'Public', url: 'https://bi.example.com/p' });
    const response = await app.call(
      reports.editReport,
      { report_id: own.id, fields: { company_id: alpha.id, name: 'Moved', url: 'http://192.168.1.5/' } },
      managerToken,
    );
    expect(response.body.failure.code).toBe('report_url_not_allowed');
    const view = await app.call(reports.viewReport, { report_id: own.id }, managerToken);
    expect(view.body).toMatchObject({ name: 'Public', url: 'https://bi.example.com/p' });
  });

  it('accepts public hosts and addresses', async () => {
    for (const url of [
      'https://bi.example.com/d?x=1',
      'http://93.184.216.34/',
      'https://[2606:4700::1111]/',
    ]) {
      const response = await add(url);
      expect(response.body, url).toEqual({ report_id: expect.any(Number) });
    }
  });

  it('accepts the hosts an operator lists in REPORT_ALLOWED_HOSTS, and only those', async () => {
    const config = loadConfig({ REPORT_ALLOWED_HOSTS: '127.0.0.1, ::1 ,*.corp.example,metabase' });
    expect(config.REPORT_ALLOWED_HOSTS).toEqual(['127.0.0.1', '[::1]', '*.corp.example', 'metabase']);
    const allowing = await createTestApp({ REPORT_ALLOWED_HOSTS: config.REPORT_ALLOWED_HOSTS });
    const company = await createCompany(allowing.deps.db);
    const user = await createUser(allowing.deps.db, {
      permissions: ['reps', 'cmgr'],
      companyIds: [company.id],
    });
    const token = await loginAs(allowing, user);
    const addTo = (url: string) =>
      allowing.call(reports.addReport, { fields: { company_id: company.id, name: 'Inside', url } }, token);
    for (const url of [
      'http://127.0.0.1:8080/daily',
      'http://0x7f.0.0.1/',
      'http://[::1]:3000/',
      'https://bi.corp.example/',
      'http://metabase/',
    ]) {
      expect((await addTo(url)).body, url).toEqual({ report_id: expect.any(Number) });
    }
    for (const url of [
      'http://127.0.0.2/',
      'http://10.0.0.1/',
      'http://localhost/',
      'https://u:p@bi.corp.example/',
    ]) {
      expect((await addTo(url)).body.failure?.code, url).toBe('report_url_not_allowed');
    }
  });

  it('stops the start on a REPORT_ALLOWED_HOSTS entry that is not a host', () => {
    expect(() => loadConfig({ REPORT_ALLOWED_HOSTS: 'bi.corp, http://x/y' })).toThrow(ConfigError);
    expect(() => loadConfig({ REPORT_ALLOWED_HOSTS: 'host:8080' })).toThrow(/REPORT_ALLOWED_HOSTS/);
  });
});
