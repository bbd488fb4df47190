import { type reports, reportUrlProblem } from '@extranet/contract';
import { assertCompanyPermitted } from '../../access/tenancy';
import type { Deps } from '../../http/calls';
import { AppError } from '../../http/errors';
import { toPage } from '../../http/lists';
import type { Actor } from '../../http/session';
import * as repository from './reports.repository';

export async function listReports(deps: Deps, actor: Actor, query: reports.ListReportsRequest) {
  const { rows, total } = await repository.listReports(deps.db, actor, query);
  return toPage(rows, query, total);
}

async function loadReport(deps: Deps, actor: Actor, reportId: number) {
  const report = await repository.findReport(deps.db, actor, reportId);
  if (!report) throw new AppError('report_not_found', { report_id: reportId });
  return report;
}

export async function viewReport(deps: Deps, actor: Actor, reportId: number) {
  return loadReport(deps, actor, reportId);
}

/** Every reader's browser loads the URL; see contract/src/report-url.ts. */
function assertUrlAllowed(deps: Deps, url: string) {
  const reason = reportUrlProblem(url, deps.config.REPORT_ALLOWED_HOSTS);
  if (reason) throw new AppError('report_url_not_allowed', { reason, host: new URL(url).hostname });
}

export async function addReport(deps: Deps, actor: Actor, fields: reports.ReportFields) {
  await assertCompanyPermitted(deps.db, actor, fields.company_id);
  assertUrlAllowed(deps, fields.url);
  const reportId = await repository.insertReport(deps.db, {
    companyId: fields.company_id,
    name: fields.name,
    url: fields.url,
  });
  return { report_id: reportId };
}

/** Moving a report to another company needs both companies to be the actor's. */
export async function editReport(deps: Deps, actor: Actor, reportId: number, fields: reports.ReportFields) {
  await loadReport(deps, actor, reportId);
  await assertCompanyPermitted(deps.db, actor, fields.company_id);
  assertUrlAllowed(deps, fields.url);
  await repository.updateReport(deps.db, reportId, {
    companyId: fields.company_id,
    name: fields.name,
    url: fields.url,
  });
  return {};
}

export async function deleteReport(deps: Deps, actor: Actor, reportId: number) {
  await loadReport(deps, actor, reportId);
  await repository.deleteReport(deps.db, reportId);
  return {};
}
