import { type catalogs, isCountedUnit, type Language } from '@extranet/contract';
import type { Deps } from '../../http/calls';
import { toPage } from '../../http/lists';
import type { Actor } from '../../http/session';
import * as repository from './catalogs.repository';

export async function listConsignees(deps: Deps, actor: Actor, query: catalogs.ListConsigneesRequest) {
  const { rows, total } = await repository.listConsignees(deps.db, actor, query);
  return toPage(rows, query, total);
}

export async function listVendors(deps: Deps, actor: Actor, query: catalogs.ListVendorsRequest) {
  const { rows, total } = await repository.listVendors(deps.db, actor, query);
  return toPage(rows, query, total);
}

export async function listCustomers(deps: Deps, actor: Actor, query: catalogs.ListCustomersRequest) {
  const { rows, total } = await repository.listCustomers(deps.db, actor, query);
  return toPage(rows, query, total);
}

export async function listAddresses(deps: Deps, actor: Actor, query: catalogs.ListAddressesRequest) {
  const { rows, total } = await repository.listAddresses(deps.db, actor, query);
  return toPage(rows, query, total);
}

export async function listSkus(deps: Deps, actor: Actor, query: catalogs.ListSkusRequest) {
  const { rows, total } = await repository.listSkus(deps.db, actor, query);
  return toPage(rows, query, total);
}

export async function listCurrencies(deps: Deps, query: catalogs.ListCurrenciesRequest) {
  const { rows, total } = await repository.listCurrencies(deps.db, query);
  return toPage(rows, query, total);
}

export async function listUoms(deps: Deps, query: catalogs.ListUomsRequest, lang: Language) {
  const { rows, total } = await repository.listUoms(deps.db, query, lang);
  const items = rows.map((row) => ({ ...row, counted: isCountedUnit(row.code) }));
  return toPage(items, query, total);
}

export async function listLocations(deps: Deps, query: catalogs.ListLocationsRequest) {
  const { rows, total } = await repository.listLocations(deps.db, query);
  return toPage(rows, query, total);
}
