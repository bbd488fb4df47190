import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { comments, purchHeads, salesHeads } from '../db/schema';
import { createOrderDiscussion, type OrderKind } from '../modules/discussions/order-discussions';

/** A bare order head with its discussion, as the orders module creates them. */
export async function createOrderWithDiscussion(
  db: Executor,
  options: {
    kind: OrderKind;
    consigneeId: number;
    authorId?: number | null;
    externalCode?: string | null;
    isTemplate?: boolean;
  },
) {
  const heads = options.kind === 'purch' ? purchHeads : salesHeads;
  const isTemplate = options.isTemplate ?? false;
  const [head] = await db
    .insert(heads)
    .values({
      consigneeId: options.consigneeId,
      authorId: options.authorId ?? null,
      externalCode: options.externalCode ?? null,
      isTemplate,
      progress: isTemplate ? 'template' : 'draft',
    })
    .returning({ id: heads.id });
  const discussionId = await createOrderDiscussion(db, {
    kind: options.kind,
    headId: head!.id,
    consigneeId: options.consigneeId,
    externalCode: options.externalCode ?? null,
    authorId: options.authorId ?? null,
  });
  return { headId: head!.id, discussionId };
}

/**
 * `count` comments "Comment 1".."Comment <count>", in this order after the thread's existing ones,
 * in one insert. Three at a time share a creation date, one microsecond apart from the next three
 * (finer than a JavaScript date), and the newest three are inserted first: neither the creation
 * date alone nor the id alone tells the thread's order.
 */
export async function createComments(
  db: Executor,
  options: { discussionId: number; userId: number; count: number },
) {
  const insertOrder: number[] = [];
  for (let first = 0; first < options.count; first += 3) {
    insertOrder.unshift(...[first, first + 1, first + 2].filter((position) => position < options.count));
  }
  const values = insertOrder.map((position) => ({
    discussionId: options.discussionId,
    userId: options.userId,
    text: `Comment ${position + 1}`,
    creationDate: sql`now() + ${Math.floor(position / 3)} * interval '1 microsecond'`,
  }));
  await db.insert(comments).values(values);
}
