import { companies } from '@extranet/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { companiesKeys } from './keys';

export function listCompanies(request: companies.ListCompaniesRequest, options?: CallOptions) {
  return callApi(companies.listCompanies, request, options);
}

export function useListCompanies(request: companies.ListCompaniesRequest) {
  return useQuery(
    queryOptions({
      queryKey: companiesKeys.list(request),
      queryFn: ({ signal }) => listCompanies(request, { signal }),
      // The table keeps the previous page on screen while the next one loads.
      placeholderData: keepPreviousData,
    }),
  );
}
