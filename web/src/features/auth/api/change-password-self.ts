import { auth } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { SESSION_QUERY_KEY, sessionToken, startSession } from '../../../shared/session';
import { USERS_KEY } from './keys';

export function changePasswordSelf(input: auth.ChangePasswordSelfRequest): Promise<auth.Session> {
  return callApi(auth.changePasswordSelf, input);
}

/**
 * Changes one's own password; the server ends every session and returns a new one, kept here.
 * `onChanged` runs here rather than in mutate(): the new session moves the guard on at once, and
 * mutate()'s callbacks are dropped once the form has unmounted.
 */
export function useChangePasswordSelf(options: { onChanged?: (session: auth.Session) => void } = {}) {
  const queryClient = useQueryClient();
  const { onChanged } = options;
  return useMutation({
    mutationFn: changePasswordSelf,
    onSuccess: (session) => {
      startSession(queryClient, session);
      onChanged?.(session);
    },
  });
}

/**
 * The same call from the profile editor: the new session replaces the old one without dropping
 * the cached screens (the user stays on the page they are editing).
 */
export function useChangeOwnPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePasswordSelf,
    onSuccess: async (session) => {
      // The cached session must match the new token first, or the cache would be dropped.
      queryClient.setQueryData(SESSION_QUERY_KEY, session);
      sessionToken.set(session.session_code);
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
}
