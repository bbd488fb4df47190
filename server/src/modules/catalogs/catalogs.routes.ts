import { catalogs } from '@extranet/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, registerCall } from '../../http/calls';
import * as service from './catalogs.service';

export function registerCatalogRoutes(app: FastifyInstance, deps: Deps) {
  registerCall(app, deps, catalogs.listConsignees, (input, { actor }) =>
    service.listConsignees(deps, actor, input),
  );
  registerCall(app, deps, catalogs.listVendors, (input, { actor }) =>
    service.listVendors(deps, actor, input),
  );
  registerCall(app, deps, catalogs.listCustomers, (input, { actor }) =>
    service.listCustomers(deps, actor, input),
  );
  registerCall(app, deps, catalogs.listAddresses, (input, { actor }) =>
    service.listAddresses(deps, actor, input),
  );
  registerCall(app, deps, catalogs.listSkus, (input, { actor }) => service.listSkus(deps, actor, input));
  registerCall(app, deps, catalogs.listCurrencies, (input) => service.listCurrencies(deps, input));
  registerCall(app, deps, catalogs.listUoms, (input, { lang }) => service.listUoms(deps, input, lang));
  registerCall(app, deps, catalogs.listLocations, (input) => service.listLocations(deps, input));
}
