import { stock } from '@extranet/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { stockKeys } from './keys';

export function listStocks(request: stock.ListStocksRequest, options?: CallOptions) {
  return callApi(stock.listStocks, request, options);
}

export function getListStocksQueryOptions(request: stock.ListStocksRequest) {
  return queryOptions({
    queryKey: stockKeys.list(request),
    queryFn: ({ signal }) => listStocks(request, { signal }),
    // The table keeps the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useListStocks(request: stock.ListStocksRequest) {
  return useQuery(getListStocksQueryOptions(request));
}
