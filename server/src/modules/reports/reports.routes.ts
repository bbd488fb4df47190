import { reports } from '@extranet/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, registerCall } from '../../http/calls';
import * as service from './reports.service';

export function registerReportRoutes(app: FastifyInstance, deps: Deps) {
  registerCall(app, deps, reports.listReports, (input, { actor }) => service.listReports(deps, actor, input));
  registerCall(app, deps, reports.viewReport, (input, { actor }) =>
    service.viewReport(deps, actor, input.report_id),
  );
  registerCall(app, deps, reports.addReport, (input, { actor }) =>
    service.addReport(deps, actor, input.fields),
  );
  registerCall(app, deps, reports.editReport, (input, { actor }) =>
    service.editReport(deps, actor, input.report_id, input.fields),
  );
  registerCall(app, deps, reports.deleteReport, (input, { actor }) =>
    service.deleteReport(deps, actor, input.report_id),
  );
}
