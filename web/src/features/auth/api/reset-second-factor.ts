import { auth, type CallRequest } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { USERS_KEY } from './keys';

export function resetSecondFactor(input: CallRequest<typeof auth.resetSecondFactor>) {
  return callApi(auth.resetSecondFactor, input);
}

/** An administrator turns off a user's second factor (a lost phone). */
export function useResetSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetSecondFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
