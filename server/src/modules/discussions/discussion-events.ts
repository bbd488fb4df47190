import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { discussionOrder, discussionOrderColumns } from '../../db/discussion-order';
import { comments, discussions, files, purchHeads, salesHeads, users } from '../../db/schema';
import { emitWebhookEvents } from '../webhooks/webhooks.emit';

/**
 * A discussion.comment_added event for a person's comment, in the transaction that adds it: the
 * discussion and the comment as the thread shows them. Private discussions are left out: they are
 * their participants' own, not the company's (docs/decisions.md, Webhooks).
 */
export async function emitCommentAdded(tx: Executor, discussionId: number, commentId: number) {
  await emitWebhookEvents(tx, {
    type: 'discussion.comment_added',
    company: sql`select ${discussions.companyId} from ${discussions} where ${discussions.id} = ${discussionId}
      and ${discussions.visibility} <> 'private'`,
    build: async () => {
      const [row] = await tx
        .select({
          discussionId: discussions.id,
          name: discussions.name,
          visibility: discussions.visibility,
          companyId: discussions.companyId,
          ...discussionOrderColumns,
          commentId: comments.id,
          userId: comments.userId,
          username: users.username,
          fio: users.fio,
          text: comments.text,
          creationDate: comments.creationDate,
        })
        .from(comments)
        .innerJoin(discussions, eq(discussions.id, comments.discussionId))
        .leftJoin(users, eq(users.id, comments.userId))
        .leftJoin(purchHeads, eq(purchHeads.id, discussions.purchHeadId))
        .leftJoin(salesHeads, eq(salesHeads.id, discussions.salesHeadId))
        .where(eq(comments.id, commentId));
      if (!row) return [];
      const attached = await tx
        .select({ code: files.code, name: files.name, ext: files.ext })
        .from(files)
        .where(eq(files.commentId, commentId))
        .orderBy(files.id);
      return [
        {
          key: `discussion:${row.discussionId}`,
          data: {
            discussion: {
              discussion_id: row.discussionId,
              name: row.name,
              visibility: row.visibility as 'broadcast' | 'normal' | 'order',
              company_id: row.companyId,
              order: discussionOrder(row),
            },
            comment: {
              comment_id: row.commentId,
              user_id: row.userId,
              user:
                row.userId === null ? null : { user_id: row.userId, username: row.username!, fio: row.fio },
              creation_date: row.creationDate,
              is_dict: false,
              text: row.text ?? '',
              files: attached,
            },
          },
        },
      ];
    },
  });
}
