import { sku } from '@extranet/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { skuKeys } from './keys';

export function listSku(request: sku.ListSkuRequest, options?: CallOptions) {
  return callApi(sku.listSku, request, options);
}

export function getListSkuQueryOptions(request: sku.ListSkuRequest) {
  return queryOptions({
    queryKey: skuKeys.list(request),
    queryFn: ({ signal }) => listSku(request, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useListSku(request: sku.ListSkuRequest) {
  return useQuery(getListSkuQueryOptions(request));
}
