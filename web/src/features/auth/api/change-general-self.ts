import { auth, type CallRequest } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { SESSION_QUERY_KEY } from '../../../shared/session';
import { USERS_KEY } from './keys';

export function changeGeneralSelf(input: CallRequest<typeof auth.changeGeneralSelf>) {
  return callApi(auth.changeGeneralSelf, input);
}

/** Saves one's own full name, email and language; the header shows the new name. */
export function useChangeGeneralSelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeGeneralSelf,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
}
