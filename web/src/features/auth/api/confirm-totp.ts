import { auth, type CallRequest } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { SESSION_QUERY_KEY } from '../../../shared/session';
import { USERS_KEY } from './keys';

export function confirmTotp(input: CallRequest<typeof auth.confirmTotp>) {
  return callApi(auth.confirmTotp, input);
}

/** Turns the second factor on; a session limited to setting it up becomes a full one. */
export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}
