import type { orders } from '@extranet/contract';
import type { Deps } from '../../http/calls';
import { AppError } from '../../http/errors';
import type { Actor } from '../../http/session';
import { setDraft, setReady } from './orders.moves';
import { findVisibleHeadIds } from './orders.repository';
import { excludeOrder } from './orders.service';

type OrderKind = orders.OrderKind;

/** One order's call, as the single-order route makes it. */
type OneOrder = (options: { deps: Deps; actor: Actor; kind: OrderKind; headId: number }) => Promise<unknown>;

/** The single-order service each call on many orders applies, one order at a time. */
const ONE_ORDER = {
  setReady,
  setDraft,
  delete: excludeOrder,
} satisfies Record<string, OneOrder>;

/**
 * Applies one order's call to each order, each in its own transaction, so one order's refusal
 * (or a lock it waits on) never undoes or blocks the others; its rules and side effects (system
 * comment, notifications, webhook event, warehouse send) are the single call's own. Which orders
 * the actor can read is asked once for all of them; another company's order and a missing one
 * answer order_not_found, as the single call does. An id given twice is answered once.
 */
export async function applyToManyOrders(options: {
  deps: Deps;
  actor: Actor;
  kind: OrderKind;
  headIds: readonly number[];
  action: keyof typeof ONE_ORDER;
}): Promise<orders.ManyOrdersResponse> {
  const { deps, actor, kind, action } = options;
  const headIds = [...new Set(options.headIds)];
  const visible = await findVisibleHeadIds(deps.db, actor, kind, headIds);
  const results: orders.ManyOrdersResult[] = [];
  for (const headId of headIds) {
    try {
      if (!visible.has(headId)) throw new AppError('order_not_found', { head_id: headId });
      await ONE_ORDER[action]({ deps, actor, kind, headId });
      results.push({ head_id: headId, ok: true });
    } catch (error) {
      // Anything but a business refusal is the server's fault: the whole call answers 500, and
      // the orders done before it stay done (each was its own transaction), as the log says.
      if (!(error instanceof AppError)) throw error;
      const failure =
        error.details === undefined ? { code: error.code } : { code: error.code, details: error.details };
      results.push({ head_id: headId, ok: false, failure });
    }
  }
  return { results };
}
