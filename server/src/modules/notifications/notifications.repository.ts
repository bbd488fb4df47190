import type { notifications as contract } from '@extranet/contract';
import { and, count, desc, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { companyCondition } from '../../access/tenancy';
import type { Executor } from '../../db/client';
import { discussionOrderColumns } from '../../db/discussion-order';
import { comments, discussions, files, notifications, purchHeads, salesHeads, users } from '../../db/schema';
import { orderingSql, pageWindow } from '../../http/lists';
import type { Actor } from '../../http/session';

/**
 * Notifications with what the bell, the Notifications page and the email summary show of each:
 * the comment, its author, and the subject (the discussion, and the order it belongs to). The one
 * join of a notification to what it is about.
 */
export function selectNotificationItems(db: Executor) {
  return db
    .select({
      id: notifications.id,
      ntfyType: notifications.ntfyType,
      seen: notifications.seen,
      readAt: notifications.readAt,
      creationDate: notifications.creationDate,
      userId: comments.userId,
      username: users.username,
      fio: users.fio,
      text: comments.text,
      dict: comments.dict,
      withFiles: sql<boolean>`exists (select 1 from ${files} where ${files.commentId} = ${comments.id})`,
      discussionId: discussions.id,
      discussionName: discussions.name,
      ...discussionOrderColumns,
    })
    .from(notifications)
    .innerJoin(comments, eq(comments.id, notifications.commentId))
    .innerJoin(discussions, eq(discussions.id, comments.discussionId))
    .leftJoin(users, eq(users.id, comments.userId))
    .leftJoin(purchHeads, eq(purchHeads.id, discussions.purchHeadId))
    .leftJoin(salesHeads, eq(salesHeads.id, discussions.salesHeadId));
}

/** The actor's notifications; a user moved off a company no longer sees what was said there. */
function selectNotifications(db: Executor, actor: Actor, condition?: SQL) {
  return selectNotificationItems(db).where(and(visibleTo(actor), condition));
}

function visibleTo(actor: Actor) {
  return and(eq(notifications.userId, actor.userId), companyCondition(actor, discussions.companyId));
}

export type NotificationRecord = Awaited<ReturnType<typeof listRecent>>[number];

/** The latest notifications of the actor, newest first, in one query. */
export async function listRecent(db: Executor, actor: Actor, limit: number) {
  return selectNotifications(db, actor)
    .orderBy(desc(notifications.creationDate), desc(notifications.id))
    .limit(limit);
}

/** A page of the actor's notifications (the unread ones through their partial index). */
export async function listNotifications(
  db: Executor,
  actor: Actor,
  query: contract.ListNotificationsRequest,
) {
  const unread =
    query.filters.unread === undefined
      ? undefined
      : query.filters.unread
        ? isNull(notifications.readAt)
        : sql`${notifications.readAt} is not null`;
  const window = pageWindow(query);
  const rows = await selectNotifications(db, actor, unread)
    .orderBy(
      ...orderingSql(query.ordering, { creation_date: notifications.creationDate }, notifications.id, [
        desc(notifications.creationDate),
        desc(notifications.id),
      ]),
    )
    .limit(window.limit)
    .offset(window.offset);
  let total: number | undefined;
  if (query.with_total) {
    const [row] = await db
      .select({ value: count() })
      .from(notifications)
      .innerJoin(comments, eq(comments.id, notifications.commentId))
      .innerJoin(discussions, eq(discussions.id, comments.discussionId))
      .where(and(visibleTo(actor), unread));
    total = row?.value ?? 0;
  }
  return { rows, total };
}

export async function markSeen(db: Executor, userId: number, upToId: number | undefined) {
  await db
    .update(notifications)
    .set({ seen: true })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.seen, false),
        upToId === undefined ? undefined : lte(notifications.id, upToId),
      ),
    );
}

/** Marks the user's notifications (those named, or all) read or unread; answers how many changed. */
export async function markRead(
  db: Executor,
  userId: number,
  ids: readonly number[] | undefined,
  read: boolean,
) {
  const rows = await db
    .update(notifications)
    // A notification read is seen too: it no longer calls for the badge.
    .set(read ? { readAt: sql`now()`, seen: true } : { readAt: null })
    .where(
      and(
        eq(notifications.userId, userId),
        read ? isNull(notifications.readAt) : sql`${notifications.readAt} is not null`,
        ids === undefined ? undefined : inArray(notifications.id, ids.length ? [...ids] : [0]),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}
