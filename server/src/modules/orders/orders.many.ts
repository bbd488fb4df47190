import type { orders } from '@extranet/contract';
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseBusy, isDatabaseUnavailable } from '../../db/errors';
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
  log: FastifyBaseLogger;
}): Promise<orders.ManyOrdersResponse> {
  const { deps, actor, kind, action, log } = options;
  const headIds = [...new Set(options.headIds)];
  const visible = await findVisibleHeadIds(deps.db, actor, kind, headIds);
  const results: orders.ManyOrdersResult[] = [];
  let unavailable = false;
  for (const headId of headIds) {
    if (unavailable) {
      results.push({ head_id: headId, ok: false, failure: { code: 'server_unavailable' } });
      continue;
    }
    try {
      if (!visible.has(headId)) throw new AppError('order_not_found', { head_id: headId });
      await ONE_ORDER[action]({ deps, actor, kind, headId });
      results.push({ head_id: headId, ok: true });
    } catch (error) {
      results.push({ head_id: headId, ok: false, failure: failureOf(error, { headId, log }) });
      // The database went away: the orders left are not tried (each would wait for it in vain),
      // and say so, as the ones done say they are done.
      unavailable = results.at(-1)?.failure?.code === 'server_unavailable';
    }
  }
  return { results };
}

/**
 * One order's failure: a business refusal as the single call gives it; the database away as
 * server_unavailable; anything else is the server's fault with this order, logged, and the
 * others still go on.
 */
function failureOf(error: unknown, context: { headId: number; log: FastifyBaseLogger }) {
  if (error instanceof AppError)
    return error.details === undefined ? { code: error.code } : { code: error.code, details: error.details };
  if (isDatabaseUnavailable(error) || isDatabaseBusy(error)) return { code: 'server_unavailable' as const };
  context.log.error({ err: error, headId: context.headId }, 'unexpected error on one of many orders');
  return { code: 'server_error' as const };
}
