import { companies } from '@extranet/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, registerCall } from '../../http/calls';
import * as service from './companies.service';

export function registerCompanyRoutes(app: FastifyInstance, deps: Deps) {
  registerCall(app, deps, companies.listCompanies, (input, { actor }) =>
    service.listCompanies(deps, actor, input),
  );
  registerCall(app, deps, companies.viewCompany, (input, { actor }) =>
    service.viewCompany(deps, actor, input.company_id),
  );
  registerCall(app, deps, companies.addCompany, (input, { actor }) => service.addCompany(deps, actor, input));
  registerCall(app, deps, companies.editCompany, (input, { actor }) =>
    service.editCompany(deps, actor, input.company_id, { code: input.code, name: input.name }),
  );
  registerCall(app, deps, companies.disableCompany, (input, { actor }) =>
    service.setCompanyActive(deps, actor, input.company_id, false),
  );
  registerCall(app, deps, companies.enableCompany, (input, { actor }) =>
    service.setCompanyActive(deps, actor, input.company_id, true),
  );
  registerCall(app, deps, companies.getSetupSteps, (_input, { actor }) => service.getSetupSteps(deps, actor));
  registerCall(app, deps, companies.importMasterData, (input, { actor }) =>
    service.importMasterData(deps, actor, input),
  );
}
