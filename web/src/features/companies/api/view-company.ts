import { companies } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { companiesKeys } from './keys';

export function viewCompany(companyId: number, options?: CallOptions) {
  return callApi(companies.viewCompany, { company_id: companyId }, options);
}

export function getViewCompanyQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: companiesKeys.one(companyId),
    queryFn: ({ signal }) => viewCompany(companyId, { signal }),
    // The page shows company_not_found itself.
    meta: { silent: true },
  });
}

export function useViewCompany(companyId: number) {
  return useQuery(getViewCompanyQueryOptions(companyId));
}
