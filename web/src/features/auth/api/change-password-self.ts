import { auth } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { startSession } from '../../../shared/session';

export function changePasswordSelf(input: auth.ChangePasswordSelfRequest): Promise<auth.Session> {
  return callApi(auth.changePasswordSelf, input);
}

/** Changes one's own password; the server ends every session and returns a new one, kept here. */
export function useChangePasswordSelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePasswordSelf,
    onSuccess: (session) => startSession(queryClient, session),
  });
}
