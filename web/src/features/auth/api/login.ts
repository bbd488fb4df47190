import { auth } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { startSession } from '../../../shared/session';

export function login(input: auth.LoginRequest): Promise<auth.Session> {
  return callApi(auth.login, input);
}

/** Signs in; the new session is kept and the guard moves the user on. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => startSession(queryClient, session),
  });
}
