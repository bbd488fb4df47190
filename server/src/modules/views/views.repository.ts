import type { views } from '@extranet/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { visibleViewCondition } from '../../access/views';
import type { Executor } from '../../db/client';
import { savedViewPins, savedViews, users } from '../../db/schema';
import type { Actor } from '../../http/session';

const viewColumns = (actor: Actor) => ({
  id: savedViews.id,
  ownerId: savedViews.ownerId,
  ownerName: sql<string>`coalesce(nullif(${users.fio}, ''), ${users.username})`,
  list: savedViews.list,
  name: savedViews.name,
  filters: savedViews.filters,
  ordering: savedViews.ordering,
  columns: savedViews.columns,
  shared: savedViews.shared,
  pinned:
    sql<boolean>`exists (select 1 from ${savedViewPins} where ${savedViewPins.viewId} = ${savedViews.id} and ${savedViewPins.userId} = ${actor.userId})`.mapWith(
      Boolean,
    ),
});

export type ViewRecord = Awaited<ReturnType<typeof listVisibleViews>>[number];

/** One list's views the actor sees, theirs first, then by name. */
export async function listVisibleViews(db: Executor, actor: Actor, list: views.ViewList) {
  return db
    .select(viewColumns(actor))
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.ownerId))
    .where(and(eq(savedViews.list, list), visibleViewCondition(actor)))
    .orderBy(
      sql`${savedViews.ownerId} <> ${actor.userId}`,
      asc(sql`lower(${savedViews.name})`),
      asc(savedViews.id),
    );
}

/** A view the actor sees; undefined for a missing one and another company's alike. */
export async function findVisibleView(db: Executor, actor: Actor, viewId: number) {
  const [row] = await db
    .select(viewColumns(actor))
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.ownerId))
    .where(and(eq(savedViews.id, viewId), visibleViewCondition(actor)));
  return row;
}

/** The views the actor pinned and still sees, in the order they were pinned. */
export async function listPinnedViews(db: Executor, actor: Actor) {
  return db
    .select(viewColumns(actor))
    .from(savedViewPins)
    .innerJoin(savedViews, eq(savedViews.id, savedViewPins.viewId))
    .innerJoin(users, eq(users.id, savedViews.ownerId))
    .where(and(eq(savedViewPins.userId, actor.userId), visibleViewCondition(actor)))
    .orderBy(asc(savedViewPins.creationDate), asc(savedViewPins.viewId));
}

export async function findOwnViewByName(
  db: Executor,
  options: { ownerId: number; list: string; name: string },
) {
  const [row] = await db
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(
      and(
        eq(savedViews.ownerId, options.ownerId),
        eq(savedViews.list, options.list),
        sql`lower(${savedViews.name}) = lower(${options.name})`,
      ),
    );
  return row;
}

export async function countOwnViews(db: Executor, options: { ownerId: number; list: string }) {
  const [row] = await db
    .select({ value: count() })
    .from(savedViews)
    .where(and(eq(savedViews.ownerId, options.ownerId), eq(savedViews.list, options.list)));
  return row?.value ?? 0;
}

type ViewValues = Pick<
  typeof savedViews.$inferInsert,
  'name' | 'filters' | 'ordering' | 'columns' | 'shared'
>;

export async function insertView(
  db: Executor,
  values: ViewValues & { ownerId: number; list: string },
): Promise<number> {
  const [row] = await db.insert(savedViews).values(values).returning({ id: savedViews.id });
  return row!.id;
}

export async function updateView(db: Executor, viewId: number, values: ViewValues) {
  await db
    .update(savedViews)
    .set({ ...values, modificationDate: sql`now()` })
    .where(eq(savedViews.id, viewId));
}

/** Deletes the view if the owner is the given user; whether it did. */
export async function deleteOwnView(db: Executor, options: { viewId: number; ownerId: number }) {
  const rows = await db
    .delete(savedViews)
    .where(and(eq(savedViews.id, options.viewId), eq(savedViews.ownerId, options.ownerId)))
    .returning({ id: savedViews.id });
  return rows.length > 0;
}

export async function insertPin(db: Executor, options: { userId: number; viewId: number }) {
  await db.insert(savedViewPins).values(options).onConflictDoNothing();
}

export async function deletePin(db: Executor, options: { userId: number; viewId: number }) {
  await db
    .delete(savedViewPins)
    .where(and(eq(savedViewPins.userId, options.userId), eq(savedViewPins.viewId, options.viewId)));
}

/**
 * Serialises one user's saves and pins until the transaction ends, so that two at once cannot both
 * pass a cap or both insert one name.
 */
export async function lockUserViews(db: Executor, userId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved_views:${userId}`}))`);
}
