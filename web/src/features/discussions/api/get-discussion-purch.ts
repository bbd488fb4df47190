import { discussions } from '@extranet/contract';
import { type CallOptions, callApi } from '../../../shared/api';
import { discussionsKeys } from './keys';
import { getThreadQueryOptions } from './list-comments';

export function getDiscussionPurch(purchHeadId: number, options?: CallOptions) {
  return callApi(discussions.getDiscussionPurch, { purch_head_id: purchHeadId }, options);
}

export function getDiscussionPurchQueryOptions(purchHeadId: number) {
  return getThreadQueryOptions(discussionsKeys.order('purch', purchHeadId), (options) =>
    getDiscussionPurch(purchHeadId, options),
  );
}
