import { type CallRequest, discussions } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { discussionsKeys, type Visibility } from './keys';

export type AddDiscussionInput = CallRequest<typeof discussions.addDiscussionNormal>;

/** add_discussion_broadcast, _normal or _private. */
export function addDiscussion(visibility: Visibility, input: AddDiscussionInput) {
  return callApi(discussions.ADD_DISCUSSION[visibility], input);
}

export function useAddDiscussion(visibility: Visibility) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddDiscussionInput) => addDiscussion(visibility, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: discussionsKeys.lists(visibility) });
    },
  });
}
