import { discussions as contract } from '@extranet/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  apiKeys,
  comments,
  consignees,
  discussions,
  notifications,
  userCompanies,
  userNotificationTypes,
  userPermissions,
  users,
} from '../../db/schema';
import type { Actor } from '../../http/session';

export type OrderKind = 'purch' | 'sales';

/** A system comment's structured text; the web app renders it as a sentence in each language. */
export type SystemCommentDict = contract.SystemText;

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

/** An order's discussion is named by the order's code: a new code renames it. */
export async function renameOrderDiscussion(
  tx: Executor,
  options: { kind: OrderKind; headId: number; externalCode: string | null },
): Promise<void> {
  await tx
    .update(discussions)
    .set({ name: contract.orderCode({ head_id: options.headId, external_code: options.externalCode }) })
    .where(eq(orderColumn(options.kind), options.headId));
}

export async function findOrderDiscussionId(tx: Executor, kind: OrderKind, headId: number) {
  const [row] = await tx
    .select({ id: discussions.id })
    .from(discussions)
    .where(eq(orderColumn(kind), headId));
  return row?.id;
}

/**
 * Who receives a notification about an order's discussion: every active user of the order's
 * company with the order kind's permission (pord or sord) who chose the notification type, but the
 * comment's author: nobody is told of their own actions.
 */
function recipients(options: {
  kind: OrderKind;
  discussionId: number;
  type: string;
  authorId: number | null;
}) {
  const permission = options.kind === 'purch' ? 'pord' : 'sord';
  return sql`select u.id from ${users} u
    join ${discussions} d on d.id = ${options.discussionId}
    where u.excluded = false
      and u.id is distinct from ${options.authorId}
      and exists (select 1 from ${userCompanies} uc where uc.user_id = u.id and uc.company_id = d.company_id)
      and exists (select 1 from ${userPermissions} up where up.user_id = u.id and up.perm_id = ${permission})
      and exists (select 1 from ${userNotificationTypes} un where un.user_id = u.id and un.ntfy_id = ${options.type})`;
}

/** A colleague's comment on an order's discussion notifies as the order kind's messages. */
export async function notifyOrderComment(
  tx: Executor,
  options: { kind: OrderKind; discussionId: number; commentId: number; authorId: number | null },
): Promise<void> {
  const type = options.kind === 'purch' ? 'pord' : 'sord';
  await tx.execute(sql`
    insert into ${notifications} (user_id, comment_id, ntfy_type)
    select r.id, ${options.commentId}, ${type} from (${recipients({ ...options, type })}) r`);
}

/** How long an unread move notification takes the next move of the same order in its place. */
export const MOVE_GROUP_MINUTES = 10;

/**
 * A move of an order (progress or warehouse status) notifies as `omov`. A burst about one order is
 * one entry (docs/decisions.md): a recipient who has an unread move notification about the same
 * order from the last MOVE_GROUP_MINUTES gets that one pointed at the new move, marked new again;
 * everyone else gets a new one. Colleagues' messages are never folded this way.
 */
async function notifyOrderMove(
  tx: Executor,
  options: { kind: OrderKind; discussionId: number; commentId: number; authorId: number | null },
): Promise<void> {
  const who = recipients({ ...options, type: 'omov' });
  const grouped = await tx
    .update(notifications)
    .set({ commentId: options.commentId, seen: false, emailed: false, creationDate: sql`now()` })
    .where(
      and(
        eq(notifications.ntfyType, 'omov'),
        isNull(notifications.readAt),
        sql`${notifications.creationDate} > now() - make_interval(mins => ${MOVE_GROUP_MINUTES})`,
        sql`${notifications.commentId} in (select id from ${comments} where discussion_id = ${options.discussionId})`,
        sql`${notifications.userId} in (${who})`,
      ),
    )
    .returning({ userId: notifications.userId });
  const others = grouped.length
    ? sql`where r.id not in (${sql.join(
        grouped.map((row) => sql`${row.userId}`),
        sql`, `,
      )})`
    : sql``;
  await tx.execute(sql`
    insert into ${notifications} (user_id, comment_id, ntfy_type)
    select r.id, ${options.commentId}, 'omov' from (${who}) r ${others}`);
}

/** Who made a change: a user (through a session or an API key), or the warehouse. */
export type ChangeAuthor = Actor | 'warehouse';

async function authorOf(
  tx: Executor,
  by: ChangeAuthor | undefined,
): Promise<{ userId: number | null; via?: contract.ChangeVia }> {
  if (by === undefined) return { userId: null };
  if (by === 'warehouse') return { userId: null, via: { kind: 'warehouse' } };
  if (by.apiKeyId === undefined) return { userId: by.userId };
  const [key] = await tx.select({ name: apiKeys.name }).from(apiKeys).where(eq(apiKeys.id, by.apiKeyId));
  return { userId: by.userId, via: { kind: 'api_key', name: key?.name ?? '' } };
}

/**
 * Writes a system comment (is_dict) to an order's discussion, inside the caller's transaction: the
 * order's history. It names who made the change (`by`: the comment's author, and `via` in its text
 * for the warehouse or an API key). Moves notify (`notifyOrderMove`); edits of a draft do not.
 */
export async function addOrderSystemComment(
  tx: Executor,
  options: { kind: OrderKind; headId: number; dict: SystemCommentDict; by?: ChangeAuthor },
): Promise<void> {
  const discussionId = await findOrderDiscussionId(tx, options.kind, options.headId);
  if (discussionId === undefined)
    throw new Error(`order ${options.kind} ${options.headId} has no discussion`);
  const { userId, via } = await authorOf(tx, options.by);
  const [comment] = await tx
    .insert(comments)
    .values({ discussionId, userId, text: null, dict: via ? { ...options.dict, via } : options.dict })
    .returning({ id: comments.id });
  await tx.update(discussions).set({ modificationDate: sql`now()` }).where(eq(discussions.id, discussionId));
  if (options.dict.code === 'order_edited') return;
  const notice = { kind: options.kind, discussionId, commentId: comment!.id, authorId: userId };
  // What the warehouse tells about the order (its slot moved, a paper) is a message, not a move:
  // it reaches those who keep the kind's messages, each one on its own.
  if (options.dict.code === 'order_slot_changed' || options.dict.code === 'order_document_added') {
    await notifyOrderComment(tx, notice);
    return;
  }
  await notifyOrderMove(tx, notice);
}
