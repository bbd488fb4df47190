import { auth } from '@extranet/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type CallOptions, callApi } from '../../../shared/api';
import { authKeys } from './keys';

export type ListLinkedCompaniesRequest = z.output<typeof auth.ListLinkedCompaniesRequest>;

export function listLinkedCompanies(request: ListLinkedCompaniesRequest, options?: CallOptions) {
  return callApi(auth.listLinkedCompanies, request, options);
}

export function getListLinkedCompaniesQueryOptions(request: ListLinkedCompaniesRequest) {
  return queryOptions({
    queryKey: authKeys.companies(request),
    queryFn: ({ signal }) => listLinkedCompanies(request, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export function useListLinkedCompanies(request: ListLinkedCompaniesRequest, enabled = true) {
  return useQuery({ ...getListLinkedCompaniesQueryOptions(request), enabled });
}
