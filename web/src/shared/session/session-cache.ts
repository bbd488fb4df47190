import type { auth } from '@extranet/contract';
import type { QueryClient } from '@tanstack/react-query';
import { sessionToken } from './session-token';

/**
 * The session in the query cache, without the contract's schemas: the sign-in page keeps the
 * session it gets here, and only the signed-in app loads the codecs that fetch and check one.
 */
export type Session = auth.Session;

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

/** Keeps a session that the server has just returned (login, password change). */
export function startSession(queryClient: QueryClient, session: Session): void {
  queryClient.removeQueries();
  queryClient.setQueryData(SESSION_QUERY_KEY, session);
  sessionToken.set(session.session_code);
}

/** Ends the session on this side (after the logout call, whatever it answered). */
export function endSession(): void {
  sessionToken.clear('logout');
}

/**
 * Drops every cached server answer whenever the session changes hands (logout, a 401, another
 * tab signing in or out), so that one user never sees another's data.
 */
export function bindSessionToCache(queryClient: QueryClient): () => void {
  return sessionToken.subscribe(() => {
    const token = sessionToken.get();
    const cached = queryClient.getQueryData<Session>(SESSION_QUERY_KEY);
    if (token && cached?.session_code === token) return;
    queryClient.removeQueries();
  });
}
