import { stock } from '@extranet/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, registerCall } from '../../http/calls';
import * as service from './stock.service';

export function registerStockRoutes(app: FastifyInstance, deps: Deps) {
  registerCall(app, deps, stock.listStocks, (input, { actor }) => service.listStocks(deps, actor, input));
  registerCall(app, deps, stock.listBatches, (input, { actor }) => service.listBatches(deps, actor, input));
  registerCall(app, deps, stock.listExpiryDates, (input, { actor }) =>
    service.listExpiryDates(deps, actor, input),
  );
}
