import { catalogs, MAX_PAGE_SIZE } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';

const NONE: ReadonlySet<number> = new Set();

/** The ids of the units counted in whole numbers (pcs, box), as the server's isCountedUnit says. */
export async function listCountedUoms(options?: CallOptions): Promise<ReadonlySet<number>> {
  const page = await callApi(
    catalogs.listUoms,
    { filters: {}, page: 0, count: MAX_PAGE_SIZE, with_total: false },
    options,
  );
  return new Set(page.items.flatMap((item) => (item.counted ? [item.uom_id] : [])));
}

export function getCountedUomsQueryOptions() {
  return queryOptions({
    queryKey: ['orders', 'counted-uoms'] as const,
    queryFn: ({ signal }) => listCountedUoms({ signal }),
    staleTime: 5 * 60_000,
  });
}

/** Empty until loaded: the server refuses a fraction of a counted unit in any case. */
export function useCountedUoms(): ReadonlySet<number> {
  return useQuery(getCountedUomsQueryOptions()).data ?? NONE;
}
