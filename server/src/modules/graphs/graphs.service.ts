import { type graphs, orders } from '@extranet/contract';
import type { Deps } from '../../http/calls';
import type { Actor } from '../../http/session';
import { countOrdersByProgress } from '../orders/orders.list';

/**
 * Orders of the actor's companies per progress, in the order an order lives through them; a
 * progress without orders is left out. Templates are not orders in flight and are not counted.
 */
export async function listStatusCounts(
  deps: Deps,
  actor: Actor,
  kind: orders.OrderKind,
): Promise<graphs.StatusCounts> {
  const rows = await countOrdersByProgress(deps.db, actor, kind);
  const counts = new Map(rows.map((row) => [row.progress, row.count]));
  return {
    items: orders.ORDER_PROGRESS.filter((progress) => (counts.get(progress) ?? 0) > 0).map((progress) => ({
      desc: progress,
      count: counts.get(progress)!,
    })),
  };
}
