import { z } from 'zod';
import { type CallDef, defineCall } from './call';
import { Id, listRequest, listResponse, Ok, Smart } from './list';

/** SPEC.md §3 'Report': a named page of a company, embedded in a frame. */

/** Only http and https pages may be embedded: never javascript:, data: or file: URLs. */
export const ReportUrl = z
  .string()
  .trim()
  .max(2000)
  .pipe(z.url({ protocol: /^https?$/, message: 'Invalid URL format' }));

export const ReportFields = z.object({
  company_id: Id,
  name: z.string().trim().min(1).max(200),
  url: ReportUrl,
});
export type ReportFields = z.infer<typeof ReportFields>;

export const Report = z.object({
  report_id: Id,
  company_id: Id,
  company: z.object({ company_id: Id, name: z.string() }),
  name: z.string(),
  url: z.string(),
});
export type Report = z.infer<typeof Report>;

/** Ordered by company name, then report name, unless told otherwise: ready to group by company. */
export const ListReportsRequest = listRequest(
  { company_id: Id, report_id_list: z.array(Id).max(1000), smart: Smart },
  ['company', 'name'],
);
export type ListReportsRequest = z.infer<typeof ListReportsRequest>;

export const ReportIdRequest = z.object({ report_id: Id });

const READ: Pick<CallDef, 'access' | 'permission'> = { access: 'session', permission: ['reps'] };
const CHANGE: Pick<CallDef, 'access' | 'permission'> = { access: 'session', permission: ['cmgr'] };

export const listReports = defineCall({
  path: '/reports/list_reports',
  summary: "Reports of the caller's companies, by company name and report name.",
  ...READ,
  request: ListReportsRequest,
  response: listResponse(Report),
});

export const viewReport = defineCall({
  path: '/reports/view_report',
  summary: "One report with its URL; another company's report is report_not_found.",
  ...READ,
  request: ReportIdRequest,
  response: Report,
});

export const addReport = defineCall({
  path: '/reports/add_report',
  summary: "Adds a report to one of the caller's companies.",
  ...CHANGE,
  request: z.object({ fields: ReportFields }),
  response: z.object({ report_id: Id }),
});

export const editReport = defineCall({
  path: '/reports/edit_report',
  summary: 'Changes the company, name and URL of a report.',
  ...CHANGE,
  request: z.object({ report_id: Id, fields: ReportFields }),
  response: Ok,
});

export const deleteReport = defineCall({
  path: '/reports/delete_report',
  summary: 'Deletes a report.',
  ...CHANGE,
  request: ReportIdRequest,
  response: Ok,
});
