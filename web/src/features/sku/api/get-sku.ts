import { sku } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { skuKeys } from './keys';

/** One SKU with its packaging lines: list_sku with filters.sku_id; null when the user cannot see it. */
export async function getSku(skuId: number, options?: CallOptions): Promise<sku.SkuRow | null> {
  const page = await callApi(
    sku.listSku,
    { filters: { sku_id: skuId }, page: 0, count: 1, with_total: false },
    options,
  );
  return page.items[0] ?? null;
}

export function getSkuQueryOptions(skuId: number) {
  return queryOptions({
    queryKey: skuKeys.one(skuId),
    queryFn: ({ signal }) => getSku(skuId, { signal }),
  });
}

export function useSku(skuId: number) {
  return useQuery(getSkuQueryOptions(skuId));
}
