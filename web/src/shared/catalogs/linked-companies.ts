import { auth } from '@extranet/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api';

/** At most this many companies are offered in one list (a user of every company has them all). */
const LINKED_COMPANIES_LIMIT = 1000;

/**
 * Every company the user works with (all of them for role 99), by name, for forms that offer
 * them as a whole list (an API key's or a webhook endpoint's companies) rather than a search.
 */
export function useLinkedCompanies() {
  return useQuery({
    queryKey: ['linked-companies'],
    queryFn: async ({ signal }) =>
      (
        await callApi(
          auth.listLinkedCompanies,
          { filters: {}, page: 0, count: LINKED_COMPANIES_LIMIT, ordering: 'name', with_total: false },
          { signal },
        )
      ).items,
  });
}
