import { hashKey, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { SESSION_REFRESH_MS } from '../session/use-session';
import type { CallOptions } from './client';

export interface BackgroundRefresh<T> {
  /** The query whose data on screen is kept current. */
  queryKey: QueryKey;
  /** Fetches the data again; pass `options` on to callApi (it marks the call as a background one). */
  fetch: (options: CallOptions) => Promise<T>;
  /** Only while there is something to follow (an order on its way to the warehouse). */
  enabled: boolean;
  intervalMs?: number;
}

/**
 * Keeps data on screen current while `enabled` and the tab is visible: every `intervalMs` (the
 * session refresh, by default) the data is fetched again and put into the query's cache. These
 * calls are background refreshes: they do not slide the session, show no progress bar, and a
 * failure is left to the next round (the screen keeps what it has).
 */
export function useBackgroundRefresh<T>({
  queryKey,
  fetch,
  enabled,
  intervalMs = SESSION_REFRESH_MS,
}: BackgroundRefresh<T>): void {
  const queryClient = useQueryClient();
  const latest = useRef({ queryKey, fetch });
  useEffect(() => {
    latest.current = { queryKey, fetch };
  });
  const hash = hashKey(queryKey);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key's hash stands for the key, read through `latest`.
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const refresh = async () => {
      const { queryKey: key, fetch: fetchAgain } = latest.current;
      // A visible screen only, and never on top of a fetch the screen itself is making.
      if (document.hidden || queryClient.isFetching({ queryKey: key, exact: true }) > 0) return;
      try {
        const data = await fetchAgain({ signal: controller.signal, background: true });
        if (!controller.signal.aborted) queryClient.setQueryData(key, data);
      } catch {
        // Unreachable for a moment, or refused: the next round tries again, the screen keeps its data.
      }
    };
    const timer = setInterval(() => void refresh(), intervalMs);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [queryClient, hash, enabled, intervalMs]);
}
