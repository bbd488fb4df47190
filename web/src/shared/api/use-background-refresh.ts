import { hashKey, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { SESSION_REFRESH_MS } from '../session/use-session';
import type { CallOptions } from './client';
import { liveEvents, type OrderMoveEvent, useLiveConnected } from './live-events';

export interface BackgroundRefresh<T> {
  /** The query whose data on screen is kept current. */
  queryKey: QueryKey;
  /** Fetches the data again; pass `options` on to callApi (it marks the call as a background one). */
  fetch: (options: CallOptions) => Promise<T>;
  /** Only while there is something to follow (an order on its way to the warehouse). */
  enabled: boolean;
  intervalMs?: number;
  /**
   * The order moves that change this data. While the live stream is connected (live-events.ts)
   * the data is fetched again on such a move instead of every `intervalMs`; while it is down, the
   * polling above is the fallback.
   */
  refreshOn?: (move: OrderMoveEvent) => boolean;
  /**
   * Whether moves are followed at all (by default, while `enabled`): a screen may follow the
   * pushed moves of what it shows where it would not poll for them.
   */
  listen?: boolean;
  /** At most one refresh this often when moves come in a burst (a list, counts). */
  minGapMs?: number;
}

/**
 * Keeps data on screen current while `enabled` and the tab is visible: fetched again when the
 * server pushes a move of it (`refreshOn`, while the live stream is up), else every `intervalMs`
 * (the session refresh, by default), and put into the query's cache. These calls are background
 * refreshes: they do not slide the session, show no progress bar, and a failure is left to the
 * next round (the screen keeps what it has).
 */
export function useBackgroundRefresh<T>({
  queryKey,
  fetch,
  enabled,
  intervalMs = SESSION_REFRESH_MS,
  refreshOn,
  listen = enabled,
  minGapMs = 0,
}: BackgroundRefresh<T>): void {
  const queryClient = useQueryClient();
  const latest = useRef({ queryKey, fetch, refreshOn });
  useEffect(() => {
    latest.current = { queryKey, fetch, refreshOn };
  });
  const hash = hashKey(queryKey);
  const connected = useLiveConnected();
  const pushed = refreshOn !== undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key's hash stands for the key, read through `latest`.
  useEffect(() => {
    const polling = enabled && !(pushed && connected);
    const following = pushed && listen && connected;
    if (!polling && !following) return;
    const controller = new AbortController();
    let missed = false;
    const refresh = async () => {
      const { queryKey: key, fetch: fetchAgain } = latest.current;
      // A visible screen only (a move seen while hidden is caught up on when shown), and never on
      // top of a fetch the screen itself is making.
      if (document.hidden) {
        missed = following;
        return;
      }
      if (queryClient.isFetching({ queryKey: key, exact: true }) > 0) return;
      try {
        const data = await fetchAgain({ signal: controller.signal, background: true });
        if (!controller.signal.aborted) queryClient.setQueryData(key, data);
      } catch {
        // Unreachable for a moment, or refused: the next round tries again, the screen keeps its data.
      }
    };
    if (polling) {
      const timer = setInterval(() => void refresh(), intervalMs);
      return () => {
        clearInterval(timer);
        controller.abort();
      };
    }
    // Moves in a burst make one refresh, minGapMs after the one before at the earliest.
    let last = Number.NEGATIVE_INFINITY;
    let due: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      if (due !== undefined) return;
      due = setTimeout(
        () => {
          due = undefined;
          last = Date.now();
          void refresh();
        },
        Math.max(0, last + minGapMs - Date.now()),
      );
    };
    const unsubscribe = liveEvents.subscribe((event) => {
      if (event.type === 'resync' || (event.type === 'order' && latest.current.refreshOn?.(event))) soon();
    });
    const onVisible = () => {
      if (document.hidden || !missed) return;
      missed = false;
      soon();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      unsubscribe();
      document.removeEventListener('visibilitychange', onVisible);
      clearTimeout(due);
      controller.abort();
    };
  }, [queryClient, hash, enabled, intervalMs, pushed, listen, connected, minGapMs]);
}
