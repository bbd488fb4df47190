import { discussions } from '@extranet/contract';
import { type CallOptions, callApi } from '../../../shared/api';
import { discussionsKeys } from './keys';
import { getThreadQueryOptions } from './list-comments';

export function getDiscussionSales(salesHeadId: number, options?: CallOptions) {
  return callApi(discussions.getDiscussionSales, { sales_head_id: salesHeadId }, options);
}

export function getDiscussionSalesQueryOptions(salesHeadId: number) {
  return getThreadQueryOptions(discussionsKeys.order('sales', salesHeadId), (options) =>
    getDiscussionSales(salesHeadId, options),
  );
}
