import { auth, type CallRequest } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { USERS_KEY } from './keys';

export function disableUser(input: CallRequest<typeof auth.disableUser>) {
  return callApi(auth.disableUser, input);
}

/** Deactivates a user; their sessions end at once. */
export function useDisableUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableUser,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
}
