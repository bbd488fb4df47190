import type { auth } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startSession } from '../../../shared/session/session-cache';

/** Exchanges the single sign-on's one-time code for a session, kept as a password sign-in's is. */
export function useSsoExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: auth.SsoExchangeRequest) => (await import('./sso-exchange')).ssoExchange(input),
    onSuccess: (session) => startSession(queryClient, session),
  });
}
