import { auth, type CallRequest } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { USERS_KEY } from './keys';

export function disableTotp(input: CallRequest<typeof auth.disableTotp>) {
  return callApi(auth.disableTotp, input);
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
