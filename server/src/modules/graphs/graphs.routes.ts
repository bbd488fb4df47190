import { graphs } from '@extranet/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, registerCall } from '../../http/calls';
import { listStatusCounts } from './graphs.service';

export function registerGraphRoutes(app: FastifyInstance, deps: Deps) {
  registerCall(app, deps, graphs.listPurchStatuses, (_input, { actor }) =>
    listStatusCounts(deps, actor, 'purch'),
  );
  registerCall(app, deps, graphs.listSalesStatuses, (_input, { actor }) =>
    listStatusCounts(deps, actor, 'sales'),
  );
}
