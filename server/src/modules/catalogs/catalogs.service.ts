import type { catalogs } from '@extranet/contract';
import type { Deps } from '../../http/calls';
import { toPage } from '../../http/lists';
import type { Actor } from '../../http/session';
import * as repository from './catalogs.repository';

export async function listConsignees(deps: Deps, actor: Actor, query: catalogs.ListConsigneesRequest) {
  return toPage(await repository.listConsignees(deps.db, actor, query), query);
}

export async function listVendors(deps: Deps, actor: Actor, query: catalogs.ListVendorsRequest) {
  return toPage(await repository.listVendors(deps.db, actor, query), query);
}

export async function listCustomers(deps: Deps, actor: Actor, query: catalogs.ListCustomersRequest) {
  return toPage(await repository.listCustomers(deps.db, actor, query), query);
}

export async function listAddresses(deps: Deps, actor: Actor, query: catalogs.ListAddressesRequest) {
  return toPage(await repository.listAddresses(deps.db, actor, query), query);
}

export async function listSkus(deps: Deps, actor: Actor, query: catalogs.ListSkusRequest) {
  return toPage(await repository.listSkus(deps.db, actor, query), query);
}

export async function listCurrencies(deps: Deps, query: catalogs.ListCurrenciesRequest) {
  return toPage(await repository.listCurrencies(deps.db, query), query);
}

export async function listUoms(deps: Deps, query: catalogs.ListUomsRequest) {
  return toPage(await repository.listUoms(deps.db, query), query);
}

export async function listLocations(deps: Deps, query: catalogs.ListLocationsRequest) {
  return toPage(await repository.listLocations(deps.db, query), query);
}
