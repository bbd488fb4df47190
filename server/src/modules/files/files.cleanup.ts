import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';
import type { StorageDriver } from './storage';

/**
 * An upload not attached to any comment within a day is abandoned (a form left unsent). A
 * warehouse document has no uploader and is never abandoned.
 */
export const ABANDONED_AFTER_MINUTES = 24 * 60;
const PER_TICK = 100;

/**
 * Removes abandoned uploads: rows first (claimed FOR UPDATE SKIP LOCKED, so a file being attached
 * at that moment is never taken), bytes afterwards; a crash in between leaves only unused bytes.
 */
export async function removeAbandonedUploads(db: Db, storage: StorageDriver): Promise<number> {
  const removed = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: files.id, storageKey: files.storageKey })
      .from(files)
      .where(
        sql`${files.commentId} is null and ${files.uploaderId} is not null and ${files.creationDate} < now() - make_interval(mins => ${ABANDONED_AFTER_MINUTES})`,
      )
      .limit(PER_TICK)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return [];
    await tx.delete(files).where(sql`${files.id} in ${rows.map((row) => row.id)}`);
    return rows;
  });
  for (const row of removed) await storage.remove(row.storageKey);
  return removed.length;
}
