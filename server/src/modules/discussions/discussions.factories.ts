import type { Executor } from '../../db/client';
import { purchHeads, salesHeads } from '../../db/schema';
import { createOrderDiscussion, type OrderKind } from './order-discussions';

/** A bare order head with its discussion, as the orders module creates them. */
export async function createOrderWithDiscussion(
  db: Executor,
  options: { kind: OrderKind; consigneeId: number; authorId?: number | null },
) {
  const heads = options.kind === 'purch' ? purchHeads : salesHeads;
  const [head] = await db
    .insert(heads)
    .values({ consigneeId: options.consigneeId, authorId: options.authorId ?? null })
    .returning({ id: heads.id });
  const discussionId = await createOrderDiscussion(db, {
    kind: options.kind,
    headId: head!.id,
    consigneeId: options.consigneeId,
    name: `${options.kind} order ${head!.id}`,
    authorId: options.authorId ?? null,
  });
  return { headId: head!.id, discussionId };
}
