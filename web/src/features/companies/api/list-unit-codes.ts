import { catalogs, MAX_PAGE_SIZE } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { COMPANIES_KEY } from './keys';

/** The codes of the units there are, as master data files name them (pcs, box, kg). */
export async function listUnitCodes(options?: CallOptions): Promise<string[]> {
  const page = await callApi(
    catalogs.listUoms,
    { filters: {}, page: 0, count: MAX_PAGE_SIZE, with_total: false },
    options,
  );
  return page.items.map((item) => item.code);
}

export function getUnitCodesQueryOptions() {
  return queryOptions({
    queryKey: [...COMPANIES_KEY, 'unit-codes'] as const,
    queryFn: ({ signal }) => listUnitCodes({ signal }),
    staleTime: 60_000,
  });
}

/** Undefined until loaded: the server checks the units of a file in any case. */
export function useUnitCodes(): string[] | undefined {
  return useQuery(getUnitCodesQueryOptions()).data;
}
