import { auth, reports } from '@extranet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { companiesKeys } from './keys';

export const COMPANY_USERS_PAGE = 20;

/** The company's users, by username, a page at a time. */
export function useCompanyUsers(companyId: number, page: number) {
  return useQuery({
    queryKey: companiesKeys.users(companyId, page),
    queryFn: ({ signal }) =>
      callApi(
        auth.listUsers,
        {
          filters: { company_id: companyId },
          page,
          count: COMPANY_USERS_PAGE,
          ordering: 'username',
          with_total: true,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** The company's reports, by name (a company has a handful). */
export function useCompanyReports(companyId: number) {
  return useQuery({
    queryKey: companiesKeys.reports(companyId),
    queryFn: ({ signal }) =>
      callApi(
        reports.listReports,
        { filters: { company_id: companyId }, page: 0, count: 1000, ordering: 'name', with_total: false },
        { signal },
      ),
  });
}
