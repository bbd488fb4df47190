import { sku } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { skuKeys } from './keys';

/** A SKU has a handful of barcodes: one page holds them all. */
const EAN_PAGE_SIZE = 100;

export function listEan(skuId: number, options?: CallOptions) {
  return callApi(
    sku.listEan,
    { filters: { sku_id: skuId }, page: 0, count: EAN_PAGE_SIZE, with_total: false },
    options,
  );
}

export function getListEanQueryOptions(skuId: number) {
  return queryOptions({
    queryKey: skuKeys.eans(skuId),
    queryFn: ({ signal }) => listEan(skuId, { signal }),
  });
}

export function useListEan(skuId: number) {
  return useQuery(getListEanQueryOptions(skuId));
}
