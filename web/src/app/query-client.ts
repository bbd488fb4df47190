import { QueryCache, QueryClient } from '@tanstack/react-query';
import { errorCodeOf } from '../shared/api/api-error';
import { notifyApiError } from '../shared/ui/notify';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.background || query.meta?.silent) return;
        // A 401 has already been announced by the client when it dropped the session.
        if (errorCodeOf(error) === 'unauthorized') return;
        notifyApiError(error);
      },
    }),
    defaultOptions: {
      queries: {
        // Business refusals do not change on a retry; an unreachable server may.
        retry: (failureCount, error) => failureCount < 1 && errorCodeOf(error) === 'server_unavailable',
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
