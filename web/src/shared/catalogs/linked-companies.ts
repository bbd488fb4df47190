import { auth, ROLE_ADMIN } from '@extranet/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api';
import { useSession } from '../session';

/** At most this many companies are offered in one list (a user of every company has them all). */
const LINKED_COMPANIES_LIMIT = 1000;

/**
 * Every company the user works with (all of them for role 99), by name, for forms that offer
 * them as a whole list (an API key's or a webhook endpoint's companies) rather than a search:
 * `options` are the select's, the company id as a string; `isLoaded` once they have come;
 * `isChoice` when there is a choice to offer (role 99, or a user of several companies), else the
 * form takes the user's one company without asking.
 */
export function useLinkedCompanies() {
  const session = useSession();
  const query = useQuery({
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
  const options = (query.data ?? []).map((company) => ({
    value: String(company.company_id),
    label: company.name,
  }));
  return {
    options,
    isLoaded: query.data !== undefined,
    isChoice: session.role === ROLE_ADMIN || options.length > 1,
  };
}
