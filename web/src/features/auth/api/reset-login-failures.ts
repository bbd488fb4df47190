import { auth, type CallRequest } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { USERS_KEY } from './keys';

export function resetLoginFailures(input: CallRequest<typeof auth.resetLoginFailures>) {
  return callApi(auth.resetLoginFailures, input);
}

/** Unlocks a user locked by too many failed logins. */
export function useResetLoginFailures() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetLoginFailures,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
}
