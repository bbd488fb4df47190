import { type CallRequest, discussions } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { DISCUSSIONS_KEY } from './keys';

export type AddCommentGeneralInput = CallRequest<typeof discussions.addCommentGeneral>;

export function addCommentGeneral(input: AddCommentGeneralInput) {
  return callApi(discussions.addCommentGeneral, input);
}

/** A comment moves its discussion up the lists and adds to its thread: both are refreshed. */
export function useAddCommentGeneral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCommentGeneral,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: DISCUSSIONS_KEY });
    },
  });
}
