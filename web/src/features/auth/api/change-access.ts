import { auth, type CallRequest } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { USERS_KEY } from './keys';

export function changeAccess(input: CallRequest<typeof auth.changeAccess>) {
  return callApi(auth.changeAccess, input);
}

/** Sets another user's role, companies and permissions. */
export function useChangeAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAccess,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
}
