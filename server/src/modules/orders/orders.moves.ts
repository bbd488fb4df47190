import type { orders } from '@extranet/contract';
import type { Executor } from '../../db/client';
import type { Deps } from '../../http/calls';
import { AppError } from '../../http/errors';
import type { Actor } from '../../http/session';
import { addOrderSystemComment } from '../discussions/order-discussions';
import { emitOrderEvent } from './orders.events';
import { findOrderLines, lockFailedHeadIds, moveProgress } from './orders.repository';
import { cancelUnclaimedSend, enqueueSends } from './orders.sends';
import { loadHead, problemsOf } from './orders.service';

/*
 * The moves of an order's progress a person asks for (Ready, Back to draft, Reset failures) and
 * the one way every move is written: the progress, its system comment and its webhook event.
 */

type OrderKind = orders.OrderKind;
type OrderProgress = orders.OrderProgress;

/** One order of one kind, as the actor asks for it. */
interface OrderCall {
  deps: Deps;
  actor: Actor;
  kind: OrderKind;
  headId: number;
}

/**
 * Moves the progress and writes the system comment (and its notifications) in one transaction,
 * signed by who moved it.
 */
export async function move(options: {
  tx: Executor;
  kind: OrderKind;
  headId: number;
  from: OrderProgress;
  to: OrderProgress;
  by?: Actor;
}): Promise<boolean> {
  const { tx, kind, headId, from, to, by } = options;
  if (!(await moveProgress(tx, kind, headId, from, to))) return false;
  await addOrderSystemComment(tx, {
    kind,
    headId,
    dict: { code: 'order_progress_changed', old: from, new: to },
    by,
  });
  await emitOrderEvent(tx, kind, headId, { type: 'order.progress_changed', change: { old: from, new: to } });
  return true;
}

export async function setReady({ deps, actor, kind, headId }: OrderCall) {
  return deps.db.transaction(async (tx) => {
    const head = await loadHead(tx, actor, kind, headId, { forUpdate: true });
    if (head.isTemplate || head.progress !== 'draft') {
      throw new AppError('order_ready_denied', { progress: head.progress });
    }
    const lines = await findOrderLines(tx, kind, head.id);
    const { errors } = problemsOf(kind, head, lines);
    if (errors.length) throw new AppError('order_incomplete', { errors });
    await move({ tx, kind, headId: head.id, from: 'draft', to: 'ready', by: actor });
    await enqueueSends(tx, kind, [head.id], deps.config.WMS_SEND_DELAY_MS);
    return { head_id: head.id };
  });
}

export async function setDraft({ deps, actor, kind, headId }: OrderCall) {
  return deps.db.transaction(async (tx) => {
    const head = await loadHead(tx, actor, kind, headId, { forUpdate: true });
    // Once the warehouse has taken the order (sent and later) it cannot come back; an order it
    // refused can, to be fixed and set ready again (its send is over).
    if (head.isTemplate || (head.progress !== 'ready' && head.progress !== 'failure')) {
      throw new AppError('order_unready_denied', { progress: head.progress });
    }
    if (head.progress === 'failure') {
      await move({ tx, kind, headId: head.id, from: 'failure', to: 'draft', by: actor });
      return { head_id: head.id };
    }
    if (!(await cancelUnclaimedSend(tx, kind, head.id))) {
      throw new AppError('order_unready_denied', { progress: head.progress, sending: true });
    }
    await move({ tx, kind, headId: head.id, from: 'ready', to: 'draft', by: actor });
    return { head_id: head.id };
  });
}

export async function resetFailure({ deps, actor, kind, headId }: OrderCall) {
  return deps.db.transaction(async (tx) => {
    const head = await loadHead(tx, actor, kind, headId, { forUpdate: true });
    if (head.progress !== 'failure') throw new AppError('order_ready_denied', { progress: head.progress });
    await move({ tx, kind, headId: head.id, from: 'failure', to: 'ready', by: actor });
    await enqueueSends(tx, kind, [head.id], deps.config.WMS_SEND_DELAY_MS);
    return { head_id: head.id };
  });
}

export async function resetAllFailures({ deps, actor, kind }: Omit<OrderCall, 'headId'>) {
  return deps.db.transaction(async (tx) => {
    const ids = await lockFailedHeadIds(tx, actor, kind);
    const moved: number[] = [];
    for (const id of ids)
      if (await move({ tx, kind, headId: id, from: 'failure', to: 'ready', by: actor })) moved.push(id);
    await enqueueSends(tx, kind, moved, deps.config.WMS_SEND_DELAY_MS);
    return { count: moved.length };
  });
}
