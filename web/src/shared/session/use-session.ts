import { auth } from '@extranet/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { errorCodeOf } from '../api/api-error';
import { callApi } from '../api/client';
import { SESSION_QUERY_KEY, type Session } from './session-cache';
import { sessionToken, useSessionToken } from './session-token';

/** SPEC.md §4: the session refreshes every 10 seconds. */
export const SESSION_REFRESH_MS = 10_000;

async function fetchSession(signal?: AbortSignal): Promise<Session> {
  try {
    return await callApi(auth.getSession, {}, { signal });
  } catch (error) {
    // Refused by the server (not merely unreachable): the stored code is no good any more.
    const code = errorCodeOf(error);
    if (
      !signal?.aborted &&
      code !== 'server_unavailable' &&
      code !== 'query_too_slow' &&
      code !== 'server_error'
    )
      sessionToken.clear();
    throw error;
  }
}

export function getSessionQueryOptions() {
  return queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => fetchSession(signal),
    refetchInterval: SESSION_REFRESH_MS,
    staleTime: SESSION_REFRESH_MS,
    retry: false,
    meta: { background: true },
  });
}

export type SessionState =
  | { status: 'anonymous'; session: null }
  | { status: 'pending'; session: null }
  | { status: 'unavailable'; session: null; error: unknown; retry: () => void }
  | { status: 'active' | 'limited' | 'setup'; session: Session };

/** Where the user stands: signed out, being restored, unreachable server, signed in, or limited. */
export function useSessionState(): SessionState {
  const token = useSessionToken();
  const query = useQuery({ ...getSessionQueryOptions(), enabled: token !== null });
  if (!token) return { status: 'anonymous', session: null };
  if (query.data) {
    // The password first, then the second factor the company requires, then the workplace.
    const status = query.data.session_limited
      ? 'limited'
      : query.data.second_factor_setup
        ? 'setup'
        : 'active';
    return { status, session: query.data };
  }
  if (query.isError)
    return { status: 'unavailable', session: null, error: query.error, retry: () => query.refetch() };
  return { status: 'pending', session: null };
}

/** The signed-in user's session; only for screens behind the guard, where it always exists. */
export function useSession(): Session {
  const state = useSessionState();
  if (!state.session) throw new Error('useSession() used outside of a signed-in screen');
  return state.session;
}

/** On load: restores the stored session; a refused code is discarded (SPEC.md §4). */
export async function restoreSession(queryClient: QueryClient): Promise<void> {
  if (!sessionToken.get()) return;
  try {
    await queryClient.fetchQuery(getSessionQueryOptions());
  } catch {
    // Unreachable server: the code is kept and the guard offers a retry.
  }
}
