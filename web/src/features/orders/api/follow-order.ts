import type { orders } from '@extranet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useBackgroundRefresh } from '../../../shared/api';
import { DISCUSSIONS_KEY } from '../../../shared/api/query-keys';
import { type OrderKind, type OrderView, orderKeys } from './keys';
import { viewOrder } from './view-order';

/** Orders the warehouse system still moves on by itself: it takes a ready one, then reports on it. */
const FOLLOWED: ReadonlySet<orders.OrderProgress> = new Set(['ready', 'sent', 'sync']);
export const isFollowed = (progress: orders.OrderProgress | undefined) =>
  progress !== undefined && FOLLOWED.has(progress);
/** A ready order is taken within seconds (WMS_SEND_DELAY_MS): follow it closely until then. */
const READY_REFRESH_MS = 2_000;

/**
 * Keeps an open order current while the warehouse system works on it, without anyone pressing
 * Refresh: on each of its moves the server pushes, or, while the live stream is down, every few
 * seconds. When its progress or status changes, the system comment of that change is in its
 * discussion, and the lists and the dashboard's counts have moved too: they reload.
 */
export function useFollowOrder(kind: OrderKind, headId: number, order: OrderView | undefined): void {
  const queryClient = useQueryClient();
  const progress = order?.progress;
  useBackgroundRefresh({
    queryKey: orderKeys.view(kind, headId),
    fetch: (options) => viewOrder(kind, headId, options),
    enabled: isFollowed(progress),
    intervalMs: progress === 'ready' ? READY_REFRESH_MS : undefined,
    // Pushed moves are followed in any progress: another user may set it ready or back to draft.
    refreshOn: (move) => move.kind === kind && move.id === headId,
    listen: order !== undefined,
  });

  const stamp = order ? `${order.progress}|${order.status.code ?? ''}` : undefined;
  const seen = useRef(stamp);
  useEffect(() => {
    if (stamp === undefined || stamp === seen.current) return;
    const first = seen.current === undefined;
    seen.current = stamp;
    if (first) return;
    void queryClient.invalidateQueries({ queryKey: DISCUSSIONS_KEY });
    void queryClient.invalidateQueries({ queryKey: orderKeys.lists(kind) });
    void queryClient.invalidateQueries({ queryKey: ['graphs'] });
  }, [queryClient, kind, stamp]);
}
