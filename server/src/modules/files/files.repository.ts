import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { readableCondition } from '../../access/discussions';
import { readableDocumentCondition } from '../../access/order-documents';
import type { Executor } from '../../db/client';
import { comments, discussions, files } from '../../db/schema';
import type { Actor } from '../../http/session';

export async function insertFile(db: Executor, values: typeof files.$inferInsert) {
  const [row] = await db.insert(files).values(values).returning();
  return row!;
}

/**
 * A file with whether the actor may read it (DESIGN.md §4): whoever reads the discussion it is
 * attached to, or its uploader while it is not attached yet; a warehouse document, whoever reads
 * its order.
 */
export async function findFileForActor(db: Executor, actor: Actor, code: string) {
  const [row] = await db
    .select({
      file: files,
      readable: sql<boolean>`coalesce(
        (${files.commentId} is null and ${files.uploaderId} = ${actor.userId})
        or (${discussions.id} is not null and ${readableCondition(actor)})
        or ${readableDocumentCondition(actor, files.id)}, false)`,
    })
    .from(files)
    .leftJoin(comments, eq(comments.id, files.commentId))
    .leftJoin(discussions, eq(discussions.id, comments.discussionId))
    .where(eq(files.code, code));
  return row?.readable ? row.file : undefined;
}

/** Attaches the actor's own unattached uploads to a comment; returns how many were attached. */
export async function attachFiles(
  db: Executor,
  options: { uploaderId: number; codes: string[]; commentId: number },
) {
  if (options.codes.length === 0) return 0;
  const rows = await db
    .update(files)
    .set({ commentId: options.commentId })
    .where(
      and(
        inArray(files.code, options.codes),
        eq(files.uploaderId, options.uploaderId),
        isNull(files.commentId),
      ),
    )
    .returning({ id: files.id });
  return rows.length;
}

export async function deleteUnattachedFile(db: Executor, code: string) {
  const [row] = await db
    .delete(files)
    .where(and(eq(files.code, code), isNull(files.commentId)))
    .returning({ storageKey: files.storageKey });
  return row;
}
