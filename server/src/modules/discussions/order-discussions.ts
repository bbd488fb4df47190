import { discussions as contract } from '@extranet/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  comments,
  consignees,
  discussions,
  notifications,
  userCompanies,
  userNotificationTypes,
  userPermissions,
  users,
} from '../../db/schema';

export type OrderKind = 'purch' | 'sales';

/** A system comment's structured text; the web app renders it as a sentence in each language. */
export type SystemCommentDict =
  | { code: 'order_progress_changed'; old: string; new: string }
  | {
      code: 'order_status_changed';
      old: { code: string | null; desc: string | null };
      new: { code: string | null; desc: string | null };
    }
  | { code: 'order_document_added'; type: string; name: string }
  | {
      code: 'order_slot_changed';
      /** The slot now (ISO instants), null when the warehouse cancelled the booking. */
      slot: { starts_at: string; ends_at: string; time_zone: string } | null;
      reason: string | null;
    };

const orderColumn = (kind: OrderKind) =>
  kind === 'purch' ? discussions.purchHeadId : discussions.salesHeadId;

interface NewOrderDiscussion {
  headId: number;
  consigneeId: number;
  externalCode: string | null;
  authorId: number | null;
}

/**
 * Every order has exactly one discussion, created in the transaction that creates the order. Its
 * stored name is the order's code, the same in every language (and what a search by name finds);
 * readers see it named from the order (`discussionOrder`).
 */
export async function createOrderDiscussion(
  tx: Executor,
  options: NewOrderDiscussion & { kind: OrderKind },
): Promise<number> {
  const [id] = await createOrderDiscussions(tx, options.kind, [options]);
  return id!;
}

/** The discussions of new orders of one kind, in one insert; their ids in the order given. */
export async function createOrderDiscussions(
  tx: Executor,
  kind: OrderKind,
  orders: readonly NewOrderDiscussion[],
): Promise<number[]> {
  if (orders.length === 0) return [];
  const consigneeIds = [...new Set(orders.map((order) => order.consigneeId))];
  const companyOf = new Map(
    (
      await tx
        .select({ id: consignees.id, companyId: consignees.companyId })
        .from(consignees)
        .where(inArray(consignees.id, consigneeIds))
    ).map((row) => [row.id, row.companyId]),
  );
  const rows = await tx
    .insert(discussions)
    .values(
      orders.map((order) => ({
        companyId: companyOf.get(order.consigneeId)!,
        name: contract.orderCode({ head_id: order.headId, external_code: order.externalCode }),
        visibility: 'order' as const,
        authorId: order.authorId,
        purchHeadId: kind === 'purch' ? order.headId : null,
        salesHeadId: kind === 'sales' ? order.headId : null,
      })),
    )
    .returning({ id: discussions.id });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

export async function findOrderDiscussionId(tx: Executor, kind: OrderKind, headId: number) {
  const [row] = await tx
    .select({ id: discussions.id })
    .from(discussions)
    .where(eq(orderColumn(kind), headId));
  return row?.id;
}

/**
 * Notifies about a comment on an order's discussion: every active user of the order's company
 * with the order kind's permission (pord or sord) who chose that notification type, but its author.
 */
export async function notifyOrderComment(
  tx: Executor,
  options: { kind: OrderKind; discussionId: number; commentId: number; authorId: number | null },
): Promise<void> {
  const type = options.kind === 'purch' ? 'pord' : 'sord';
  await tx.execute(sql`
    insert into ${notifications} (user_id, comment_id, ntfy_type)
    select u.id, ${options.commentId}, ${type}
    from ${users} u
    join ${discussions} d on d.id = ${options.discussionId}
    where u.excluded = false
      and u.id is distinct from ${options.authorId}
      and exists (select 1 from ${userCompanies} uc where uc.user_id = u.id and uc.company_id = d.company_id)
      and exists (select 1 from ${userPermissions} up where up.user_id = u.id and up.perm_id = ${type})
      and exists (select 1 from ${userNotificationTypes} un where un.user_id = u.id and un.ntfy_id = ${type})`);
}

/**
 * Writes a system comment (is_dict) to an order's discussion and notifies, inside the caller's
 * transaction: the orders module calls it on every change of progress or status.
 */
export async function addOrderSystemComment(
  tx: Executor,
  options: { kind: OrderKind; headId: number; dict: SystemCommentDict },
): Promise<void> {
  const discussionId = await findOrderDiscussionId(tx, options.kind, options.headId);
  if (discussionId === undefined)
    throw new Error(`order ${options.kind} ${options.headId} has no discussion`);
  const [comment] = await tx
    .insert(comments)
    .values({ discussionId, userId: null, text: null, dict: options.dict })
    .returning({ id: comments.id });
  await tx.update(discussions).set({ modificationDate: sql`now()` }).where(eq(discussions.id, discussionId));
  await notifyOrderComment(tx, { kind: options.kind, discussionId, commentId: comment!.id, authorId: null });
}
