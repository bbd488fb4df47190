import type { Language, stock } from '@extranet/contract';
import type { Deps } from '../../http/calls';
import { toPage } from '../../http/lists';
import type { Actor } from '../../http/session';
import * as repository from './stock.repository';

export async function listStocks(deps: Deps, actor: Actor, query: stock.ListStocksRequest, lang: Language) {
  const { rows, total } = await repository.listStocks(deps.db, actor, query, lang);
  return toPage(rows, query, total);
}

export async function listBatches(deps: Deps, actor: Actor, query: stock.ListBatchesRequest) {
  const { rows, total } = await repository.listBatches(deps.db, actor, query);
  return toPage(rows, query, total);
}

export async function listExpiryDates(deps: Deps, actor: Actor, query: stock.ListExpiryDatesRequest) {
  const { rows, total } = await repository.listExpiryDates(deps.db, actor, query);
  return toPage(rows, query, total);
}
