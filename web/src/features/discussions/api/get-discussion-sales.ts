import { discussions } from '@extranet/contract';
import { queryOptions } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { discussionsKeys } from './keys';

export function getDiscussionSales(salesHeadId: number, options?: CallOptions) {
  return callApi(discussions.getDiscussionSales, { sales_head_id: salesHeadId }, options);
}

export function getDiscussionSalesQueryOptions(salesHeadId: number) {
  return queryOptions({
    queryKey: discussionsKeys.order('sales', salesHeadId),
    queryFn: ({ signal }) => getDiscussionSales(salesHeadId, { signal }),
    meta: { silent: true },
  });
}
