import { auth } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { webhooksKeys } from './keys';

/** The companies an endpoint may be registered for: the caller's own (every company for role 99). */
export function getEndpointCompaniesQueryOptions() {
  return queryOptions({
    queryKey: webhooksKeys.companies(),
    queryFn: async ({ signal }) =>
      (
        await callApi(
          auth.listLinkedCompanies,
          { filters: {}, page: 0, count: 1000, ordering: 'name', with_total: false },
          { signal },
        )
      ).items,
  });
}

export function useEndpointCompanies() {
  return useQuery(getEndpointCompaniesQueryOptions());
}
