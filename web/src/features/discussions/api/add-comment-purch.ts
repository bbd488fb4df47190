import { type CallRequest, discussions } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { discussionsKeys } from './keys';

export type AddCommentPurchInput = CallRequest<typeof discussions.addCommentPurch>;

export function addCommentPurch(input: AddCommentPurchInput) {
  return callApi(discussions.addCommentPurch, input);
}

export function useAddCommentPurch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCommentPurch,
    onSuccess: async (_result, input) => {
      await queryClient.invalidateQueries({ queryKey: discussionsKeys.order('purch', input.purch_head_id) });
    },
  });
}
