import { auth, type CallRequest } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { USERS_KEY } from './keys';

export function changeGeneralForce(input: CallRequest<typeof auth.changeGeneralForce>) {
  return callApi(auth.changeGeneralForce, input);
}

/** Saves another user's full name, email and language. */
export function useChangeGeneralForce() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeGeneralForce,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
}
