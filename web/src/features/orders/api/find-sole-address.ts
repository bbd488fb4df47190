import { catalogs } from '@extranet/contract';
import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';

export type AddressOwner = { vendor_id: number } | { customer_id: number };

/**
 * The only address of a vendor or customer, or null when it has none or several: asked with two
 * items of page 0 (SPEC.md §5 'Address pickers').
 */
export async function findSoleAddress(queryClient: QueryClient, owner: AddressOwner): Promise<number | null> {
  const page = await queryClient.fetchQuery({
    queryKey: ['orders', 'sole-address', owner],
    queryFn: ({ signal }) =>
      callApi(catalogs.listAddresses, { filters: owner, page: 0, count: 2, with_total: false }, { signal }),
    staleTime: 30_000,
  });
  return page.items.length === 1 ? (page.items[0]?.address_id ?? null) : null;
}
