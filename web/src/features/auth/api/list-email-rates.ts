import { notifications } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { authKeys } from './keys';

export function listEmailRates(options?: CallOptions) {
  return callApi(notifications.listEmailRates, {}, options);
}

export function getListEmailRatesQueryOptions() {
  return queryOptions({
    queryKey: authKeys.emailRates(),
    queryFn: ({ signal }) => listEmailRates({ signal }),
    staleTime: 10 * 60_000,
  });
}

export function useListEmailRates() {
  return useQuery(getListEmailRatesQueryOptions());
}
