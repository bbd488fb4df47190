import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { type OrderKind, orderCalls } from './keys';

export function listDocuments(kind: OrderKind, headId: number, options?: CallOptions) {
  return callApi(orderCalls(kind).listDocuments, { head_id: headId }, options);
}

export function getListDocumentsQueryOptions(kind: OrderKind, headId: number) {
  return queryOptions({
    // Under the order's view key: what refreshes the order refreshes its papers.
    queryKey: ['orders', kind, 'view', headId, 'documents'] as const,
    queryFn: ({ signal }) => listDocuments(kind, headId, { signal }),
  });
}

/** The papers the warehouse sent about the order, newest first. */
export function useListDocuments(kind: OrderKind, headId: number) {
  return useQuery(getListDocumentsQueryOptions(kind, headId));
}
