import type { auth } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startSession } from '../../../shared/session/session-cache';

/**
 * The sign-in call and the form's checks need the contract's schemas (zod): a chunk of their own,
 * fetched when the user starts typing rather than with the sign-in page, which shows without them.
 */
export const loadLoginCall = () => Promise.all([import('./login'), import('../forms/login-form')]);

/** Signs in; the new session is kept and the guard moves the user on. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: auth.LoginRequest) => (await import('./login')).login(input),
    onSuccess: (session) => startSession(queryClient, session),
  });
}
