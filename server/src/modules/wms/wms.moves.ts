import type { orders, wms } from '@extranet/contract';
import type { Executor } from '../../db/client';
import { addOrderSystemComment } from '../discussions/order-discussions';
import { emitOrderEvent } from '../orders/orders.events';
import type { OrderHeadRecord } from '../orders/orders.repository';
import type { OrderFailure } from './wms.failure';
import { updateProgress, updateStatus } from './wms.repository';

type OrderKind = orders.OrderKind;
type Progress = orders.OrderProgress;

/** Every move writes its system comment (and notifications) in the caller's transaction. */
export async function moveOrder(
  tx: Executor,
  kind: OrderKind,
  headId: number,
  from: Progress,
  to: Progress,
  failure: OrderFailure | null = null,
): Promise<void> {
  await updateProgress(tx, kind, headId, to, to === 'failure' ? failure : null);
  await addOrderSystemComment(tx, {
    kind,
    headId,
    dict: { code: 'order_progress_changed', old: from, new: to },
    by: 'warehouse',
  });
  await emitOrderEvent(tx, kind, headId, { type: 'order.progress_changed', change: { old: from, new: to } });
}

export async function changeStatus(
  tx: Executor,
  kind: OrderKind,
  head: Pick<OrderHeadRecord, 'id' | 'statusCode' | 'statusDesc'>,
  status: wms.WmsStatus,
): Promise<void> {
  if (head.statusCode === status.code && head.statusDesc === status.desc) return;
  await updateStatus(tx, kind, head.id, status);
  const change = {
    old: { code: head.statusCode, desc: head.statusDesc },
    new: { code: status.code, desc: status.desc },
  };
  await addOrderSystemComment(tx, {
    kind,
    headId: head.id,
    dict: { code: 'order_status_changed', ...change },
    by: 'warehouse',
  });
  await emitOrderEvent(tx, kind, head.id, { type: 'order.status_changed', change });
}
