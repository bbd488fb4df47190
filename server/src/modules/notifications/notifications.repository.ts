import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { companyCondition } from '../../access/tenancy';
import type { Executor } from '../../db/client';
import { comments, discussions, files, notifications, users } from '../../db/schema';
import type { Actor } from '../../http/session';

/** The latest notifications of the actor, newest first, in one query. */
export async function listRecent(db: Executor, actor: Actor, count: number) {
  return (
    db
      .select({
        id: notifications.id,
        ntfyType: notifications.ntfyType,
        seen: notifications.seen,
        creationDate: notifications.creationDate,
        userId: comments.userId,
        username: users.username,
        fio: users.fio,
        text: comments.text,
        dict: comments.dict,
        withFiles: sql<boolean>`exists (select 1 from ${files} where ${files.commentId} = ${comments.id})`,
        discussionId: discussions.id,
        purchHeadId: discussions.purchHeadId,
        salesHeadId: discussions.salesHeadId,
      })
      .from(notifications)
      .innerJoin(comments, eq(comments.id, notifications.commentId))
      .innerJoin(discussions, eq(discussions.id, comments.discussionId))
      .leftJoin(users, eq(users.id, comments.userId))
      // A user moved off a company no longer sees what was said there.
      .where(and(eq(notifications.userId, actor.userId), companyCondition(actor, discussions.companyId)))
      .orderBy(desc(notifications.creationDate), desc(notifications.id))
      .limit(count)
  );
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
