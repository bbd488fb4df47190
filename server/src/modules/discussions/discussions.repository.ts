import type { discussions as contract } from '@extranet/contract';
import { and, asc, count, countDistinct, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { isParticipant, readableCondition } from '../../access/discussions';
import { companyCondition } from '../../access/tenancy';
import type { Executor } from '../../db/client';
import { discussionOrderColumns } from '../../db/discussion-order';
import {
  comments,
  companies,
  discussionMembers,
  discussionReads,
  discussions,
  files,
  notifications,
  purchHeads,
  salesHeads,
  userCompanies,
  userNotificationTypes,
  users,
} from '../../db/schema';
import { ilikeAny, type ListQuery, orderingSql, pageWindow, totalOf } from '../../http/lists';
import type { Actor } from '../../http/session';

export type GeneralVisibility = contract.Visibility;

export interface DiscussionFilters {
  company_id?: number;
  smart?: string;
}

export async function listDiscussions(
  db: Executor,
  actor: Actor,
  visibility: GeneralVisibility,
  query: ListQuery<'modification_date'> & { filters: DiscussionFilters },
) {
  const { filters } = query;
  const window = pageWindow(query);
  const where = and(
    eq(discussions.visibility, visibility),
    companyCondition(actor, discussions.companyId),
    visibility === 'private' ? isParticipant(actor) : undefined,
    filters.company_id === undefined ? undefined : eq(discussions.companyId, filters.company_id),
    filters.smart ? ilikeAny(filters.smart, discussions.name) : undefined,
  );
  const rows = await db
    .select({
      discussion_id: discussions.id,
      name: discussions.name,
      company_id: discussions.companyId,
      company: { name: companies.name },
      visibility: sql<GeneralVisibility>`${discussions.visibility}`,
      modification_date: discussions.modificationDate,
      // A comment of someone else after the last one the actor saw: one probe of the
      // (discussion, id) index per row, beside the read state joined by its key.
      unread: sql<boolean>`exists (select 1 from ${comments} c
        where c.discussion_id = ${discussions.id}
          and c.id > coalesce(${discussionReads.lastCommentId}, 0)
          and c.user_id is distinct from ${actor.userId})`,
    })
    .from(discussions)
    .innerJoin(companies, eq(companies.id, discussions.companyId))
    .leftJoin(
      discussionReads,
      and(eq(discussionReads.discussionId, discussions.id), eq(discussionReads.userId, actor.userId)),
    )
    .where(where)
    .orderBy(
      ...orderingSql(query.ordering, { modification_date: discussions.modificationDate }, discussions.id, [
        desc(discussions.modificationDate),
        desc(discussions.id),
      ]),
    )
    .limit(window.limit)
    .offset(window.offset);
  const total = query.with_total
    ? ((await db.select({ value: count() }).from(discussions).where(where))[0]?.value ?? 0)
    : undefined;
  return { rows, total };
}

const discussionColumns = {
  id: discussions.id,
  name: discussions.name,
  companyId: discussions.companyId,
  companyName: companies.name,
  visibility: discussions.visibility,
  authorId: discussions.authorId,
  ...discussionOrderColumns,
  modificationDate: discussions.modificationDate,
};

/** A discussion the actor may read, or undefined: another company's one behaves as a missing one. */
export async function findReadableDiscussion(db: Executor, actor: Actor, where: SQL) {
  const [row] = await db
    .select(discussionColumns)
    .from(discussions)
    .innerJoin(companies, eq(companies.id, discussions.companyId))
    .leftJoin(purchHeads, eq(purchHeads.id, discussions.purchHeadId))
    .leftJoin(salesHeads, eq(salesHeads.id, discussions.salesHeadId))
    .where(and(where, readableCondition(actor)));
  return row;
}
export type DiscussionHead = NonNullable<Awaited<ReturnType<typeof findReadableDiscussion>>>;

/**
 * The latest comments of a thread, or the latest before `beforeCommentId` in the thread's order
 * (creation date, then id), newest first: limit + 1 to tell whether older ones exist. The anchor's
 * creation date is compared inside the database, since a JavaScript date drops its microseconds.
 */
export async function listLatestComments(
  db: Executor,
  discussionId: number,
  limit: number,
  beforeCommentId?: number,
) {
  const before =
    beforeCommentId === undefined
      ? undefined
      : sql`(${comments.creationDate}, ${comments.id}) < (select creation_date, id from ${comments} where id = ${beforeCommentId})`;
  return db
    .select({
      id: comments.id,
      userId: comments.userId,
      username: users.username,
      fio: users.fio,
      text: comments.text,
      dict: comments.dict,
      creationDate: comments.creationDate,
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(and(eq(comments.discussionId, discussionId), before))
    .orderBy(desc(comments.creationDate), desc(comments.id))
    .limit(limit + 1);
}

/** The author and chosen users of a discussion, by name. */
export async function listMembers(db: Executor, discussionId: number, authorId: number | null) {
  const chosen = db
    .select({ id: discussionMembers.userId })
    .from(discussionMembers)
    .where(eq(discussionMembers.discussionId, discussionId));
  return db
    .select({ user_id: users.id, username: users.username, fio: users.fio })
    .from(users)
    .where(
      authorId === null ? inArray(users.id, chosen) : or(eq(users.id, authorId), inArray(users.id, chosen)),
    )
    .orderBy(sql`coalesce(nullif(${users.fio}, ''), ${users.username})`, asc(users.id));
}

/**
 * Records that the user has seen the discussion up to its newest comment (the highest id now in
 * it). Run before the thread is read, so a comment arriving meanwhile is shown and still counts as
 * unread rather than the other way round. Never moves back (two tabs may answer out of order), and
 * writes nothing when nothing is new.
 */
export async function markRead(db: Executor, userId: number, discussionId: number) {
  await db.execute(sql`
    insert into ${discussionReads} (user_id, discussion_id, last_comment_id)
    select ${userId}, ${discussionId}, max(c.id) from ${comments} c where c.discussion_id = ${discussionId}
    having max(c.id) is not null
    on conflict (user_id, discussion_id) do update
      set last_comment_id = excluded.last_comment_id, read_at = now()
      where ${discussionReads}.last_comment_id < excluded.last_comment_id`);
}

export async function isCommentOf(db: Executor, discussionId: number, commentId: number) {
  const [row] = await db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.discussionId, discussionId)));
  return row !== undefined;
}

export async function listCommentFiles(db: Executor, commentIds: number[]) {
  if (commentIds.length === 0) return [];
  return db
    .select({ commentId: files.commentId, code: files.code, name: files.name, ext: files.ext })
    .from(files)
    .where(inArray(files.commentId, commentIds))
    .orderBy(files.id);
}

export async function insertDiscussion(db: Executor, values: typeof discussions.$inferInsert) {
  const [row] = await db.insert(discussions).values(values).returning({ id: discussions.id });
  return row!.id;
}

export async function insertComment(
  db: Executor,
  values: { discussionId: number; userId: number; text: string },
) {
  const [row] = await db.insert(comments).values(values).returning({ id: comments.id });
  await db
    .update(discussions)
    .set({ modificationDate: sql`now()` })
    .where(eq(discussions.id, values.discussionId));
  return row!.id;
}

export async function addMembers(db: Executor, discussionId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  await db
    .insert(discussionMembers)
    .values(userIds.map((userId) => ({ discussionId, userId })))
    .onConflictDoNothing();
}

/** Active users among `userIds` assigned to the company: the only ones who may be chosen. */
export async function companyUserIds(db: Executor, companyId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userCompanies, and(eq(userCompanies.userId, users.id), eq(userCompanies.companyId, companyId)))
    .where(and(inArray(users.id, userIds), eq(users.excluded, false)));
  return rows.map((row) => row.id);
}

export async function listCompanyUsers(
  db: Executor,
  filters: { companyIds: number[] | undefined; smart?: string; userIds?: number[] },
  query: ListQuery<'username'>,
) {
  const window = pageWindow(query);
  const where = and(
    eq(users.excluded, false),
    filters.companyIds
      ? inArray(userCompanies.companyId, filters.companyIds.length ? filters.companyIds : [0])
      : undefined,
    filters.smart ? ilikeAny(filters.smart, users.username, users.fio) : undefined,
    filters.userIds ? inArray(users.id, filters.userIds.length ? filters.userIds : [0]) : undefined,
  );
  const rows = await db
    .selectDistinct({ user_id: users.id, username: users.username, fio: users.fio })
    .from(users)
    .innerJoin(userCompanies, eq(userCompanies.userId, users.id))
    .where(where)
    .orderBy(
      ...orderingSql(query.ordering, { username: users.username }, users.id, [
        asc(users.username),
        asc(users.id),
      ]),
    )
    .limit(window.limit)
    .offset(window.offset);
  // A user of several of the companies is one row.
  const total = await totalOf(query, () =>
    db
      .select({ value: countDistinct(users.id) })
      .from(users)
      .innerJoin(userCompanies, eq(userCompanies.userId, users.id))
      .where(where),
  );
  return { rows, total };
}

const NOTIFICATION_TYPE = { broadcast: 'bcst', normal: 'nrml', private: 'prvt' } as const;

/**
 * Notifies about a comment on a general discussion (DESIGN.md §4): broadcast, every active user
 * of the company; normal and private, the participants (author and chosen users) still in the
 * company. Never the comment's author, and only users who chose the notification type.
 */
export async function notifyGeneralComment(
  db: Executor,
  options: {
    visibility: GeneralVisibility;
    discussionId: number;
    companyId: number;
    commentId: number;
    authorId: number;
  },
) {
  const type = NOTIFICATION_TYPE[options.visibility];
  const audience =
    options.visibility === 'broadcast'
      ? sql`true`
      : sql`(u.id = (select author_id from ${discussions} where id = ${options.discussionId})
          or exists (select 1 from ${discussionMembers} m where m.discussion_id = ${options.discussionId} and m.user_id = u.id))`;
  await db.execute(sql`
    insert into ${notifications} (user_id, comment_id, ntfy_type)
    select u.id, ${options.commentId}, ${type}
    from ${users} u
    where u.excluded = false
      and u.id <> ${options.authorId}
      and exists (select 1 from ${userCompanies} uc where uc.user_id = u.id and uc.company_id = ${options.companyId})
      and exists (select 1 from ${userNotificationTypes} un where un.user_id = u.id and un.ntfy_id = ${type})
      and ${audience}`);
}
