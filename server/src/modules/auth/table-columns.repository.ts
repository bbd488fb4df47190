import { auth } from '@extranet/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { tableColumns } from '../../db/schema';

const isTableId = (value: string): value is auth.TableId => value in auth.TABLE_COLUMNS;

/**
 * The columns a user chose, per table. A column the web no longer knows (a table or column
 * renamed since) is left out, and a table left with none is as if never chosen.
 */
export async function findTableColumns(db: Executor, userId: number): Promise<auth.TableColumns[]> {
  const rows = await db
    .select({ tableId: tableColumns.tableId, columns: tableColumns.columns })
    .from(tableColumns)
    .where(eq(tableColumns.userId, userId));
  return rows.flatMap((row) => {
    if (!isTableId(row.tableId)) return [];
    const known: readonly string[] = auth.TABLE_COLUMNS[row.tableId];
    const columns = row.columns.filter((column) => known.includes(column));
    return columns.length ? [{ table: row.tableId, columns }] : [];
  });
}

export async function saveTableColumns(
  db: Executor,
  userId: number,
  table: auth.TableId,
  columns: string[] | null,
) {
  if (columns === null) {
    await db
      .delete(tableColumns)
      .where(and(eq(tableColumns.userId, userId), eq(tableColumns.tableId, table)));
    return;
  }
  await db
    .insert(tableColumns)
    .values({ userId, tableId: table, columns })
    .onConflictDoUpdate({
      target: [tableColumns.userId, tableColumns.tableId],
      set: { columns, modificationDate: sql`now()` },
    });
}
