import { auth, type CallRequest } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { USERS_KEY } from './keys';

export function changeUsername(input: CallRequest<typeof auth.changeUsername>) {
  return callApi(auth.changeUsername, input);
}

/** Renames another user. */
export function useChangeUsername() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUsername,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
}
