import { auth } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { apiKeysKeys } from './keys';

/** The companies a new key may work for: the caller's own (every company for role 99). */
export function getKeyCompaniesQueryOptions() {
  return queryOptions({
    queryKey: apiKeysKeys.companies(),
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

export function useKeyCompanies() {
  return useQuery(getKeyCompaniesQueryOptions());
}
