import { catalogs, MAX_PAGE_SIZE } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';

const NONE: ReadonlyMap<number, string> = new Map();

/** Every currency's code by id: a handful, read once for the edit form's total. */
export async function listCurrencyCodes(options?: CallOptions): Promise<ReadonlyMap<number, string>> {
  const page = await callApi(
    catalogs.listCurrencies,
    { filters: {}, page: 0, count: MAX_PAGE_SIZE, with_total: false },
    options,
  );
  return new Map(page.items.map((item) => [item.currency_id, item.code]));
}

export function getCurrencyCodesQueryOptions() {
  return queryOptions({
    queryKey: ['orders', 'currency-codes'] as const,
    queryFn: ({ signal }) => listCurrencyCodes({ signal }),
    staleTime: 5 * 60_000,
  });
}

export function useCurrencyCodes(): ReadonlyMap<number, string> {
  return useQuery(getCurrencyCodesQueryOptions()).data ?? NONE;
}
