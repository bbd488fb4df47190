import { auth, type CallRequest } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { USERS_KEY } from './keys';

export function changePasswordForce(input: CallRequest<typeof auth.changePasswordForce>) {
  return callApi(auth.changePasswordForce, input);
}

/** Sets another user's password; it is expired until they change it, and their sessions end. */
export function useChangePasswordForce() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePasswordForce,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
}
