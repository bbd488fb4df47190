import { discussions } from '@extranet/contract';
import { queryOptions } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { discussionsKeys } from './keys';

export function getDiscussionPurch(purchHeadId: number, options?: CallOptions) {
  return callApi(discussions.getDiscussionPurch, { purch_head_id: purchHeadId }, options);
}

export function getDiscussionPurchQueryOptions(purchHeadId: number) {
  return queryOptions({
    queryKey: discussionsKeys.order('purch', purchHeadId),
    queryFn: ({ signal }) => getDiscussionPurch(purchHeadId, { signal }),
    meta: { silent: true },
  });
}
