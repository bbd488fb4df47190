import { discussions as contract } from '@extranet/contract';
import { eq, type SQL } from 'drizzle-orm';
import { assertCompanyPermitted } from '../../access/tenancy';
import type { Executor } from '../../db/client';
import { discussionOrder } from '../../db/discussion-order';
import { discussions } from '../../db/schema';
import type { Deps } from '../../http/calls';
import { AppError } from '../../http/errors';
import { toPage } from '../../http/lists';
import type { Actor } from '../../http/session';
import { attachFiles } from '../files/files.service';
import { emitCommentAdded } from './discussion-events';
import {
  addMembers,
  companyUserIds,
  type DiscussionHead,
  findReadableDiscussion,
  type GeneralVisibility,
  insertComment,
  insertDiscussion,
  isCommentOf,
  listCommentFiles,
  listCompanyUsers as listCompanyUserRows,
  listDiscussions as listDiscussionRows,
  listLatestComments,
  listMembers,
  markRead,
  notifyGeneralComment,
} from './discussions.repository';
import { notifyOrderComment, type OrderKind } from './order-discussions';

const { MAX_THREAD_COMMENTS } = contract;

export async function listDiscussions(
  deps: Deps,
  actor: Actor,
  visibility: GeneralVisibility,
  query: contract.ListDiscussionsRequest,
) {
  const { rows, total } = await listDiscussionRows(deps.db, actor, visibility, query);
  return toPage(rows, query, total);
}

/** Chosen users must be active users of the discussion's company; the author is never "chosen". */
async function chosenUsers(db: Executor, actor: Actor, companyId: number, userIds: number[]) {
  const wanted = [...new Set(userIds)].filter((id) => id !== actor.userId);
  const found = await companyUserIds(db, companyId, wanted);
  const refused = wanted.filter((id) => !found.includes(id));
  if (refused.length) throw new AppError('invalid_user_id', { users: refused });
  return wanted;
}

export async function addDiscussion(
  deps: Deps,
  actor: Actor,
  visibility: GeneralVisibility,
  input: contract.AddDiscussionRequest,
) {
  await assertCompanyPermitted(deps.db, actor, input.company_id);
  const members =
    visibility === 'broadcast' ? [] : await chosenUsers(deps.db, actor, input.company_id, input.users);
  const discussionId = await deps.db.transaction(async (tx) => {
    const id = await insertDiscussion(tx, {
      companyId: input.company_id,
      name: input.name,
      visibility,
      authorId: actor.userId,
    });
    await addMembers(tx, id, members);
    const commentId = await insertComment(tx, { discussionId: id, userId: actor.userId, text: input.text });
    await attachFiles(tx, deps, { actor, codes: input.files, commentId });
    await emitCommentAdded(tx, id, commentId);
    await notifyGeneralComment(tx, {
      visibility,
      discussionId: id,
      companyId: input.company_id,
      commentId,
      authorId: actor.userId,
    });
    return id;
  });
  return { discussion_id: discussionId };
}

type CommentRow = Awaited<ReturnType<typeof listLatestComments>>[number];

/** Comments with their files: one query for the files of them all. */
async function withFiles(db: Executor, rows: CommentRow[]): Promise<contract.Comment[]> {
  const fileRows = await listCommentFiles(
    db,
    rows.map((row) => row.id),
  );
  const filesOf = new Map<number, contract.FileRef[]>();
  for (const file of fileRows) {
    const list = filesOf.get(file.commentId!) ?? [];
    list.push({ code: file.code, name: file.name, ext: file.ext });
    filesOf.set(file.commentId!, list);
  }
  return rows.map((row) => ({
    comment_id: row.id,
    user_id: row.userId,
    user: row.userId === null ? null : { user_id: row.userId, username: row.username!, fio: row.fio },
    creation_date: row.creationDate,
    is_dict: row.dict !== null,
    text: row.dict !== null ? (row.dict as contract.SystemText) : (row.text ?? ''),
    files: filesOf.get(row.id) ?? [],
  }));
}

/** A page of comments, oldest first, from `limit + 1` rows fetched newest first. */
async function commentPage(db: Executor, newestFirst: CommentRow[], limit: number) {
  return {
    comments: await withFiles(db, newestFirst.slice(0, limit).reverse()),
    more: newestFirst.length > limit,
  };
}

/** Regular and private discussions name who they are between; broadcasts and orders, everyone's. */
const WITH_MEMBERS: readonly string[] = ['normal', 'private'];

async function loadThread(db: Executor, head: DiscussionHead): Promise<contract.Discussion> {
  const page = await commentPage(
    db,
    await listLatestComments(db, head.id, MAX_THREAD_COMMENTS),
    MAX_THREAD_COMMENTS,
  );
  const members = WITH_MEMBERS.includes(head.visibility) ? await listMembers(db, head.id, head.authorId) : [];
  return {
    discussion_id: head.id,
    name: head.name,
    order: discussionOrder(head),
    company_id: head.companyId,
    company: { name: head.companyName },
    visibility: head.visibility as contract.Discussion['visibility'],
    purch_head_id: head.purchHeadId,
    sales_head_id: head.salesHeadId,
    modification_date: head.modificationDate,
    files: page.comments.flatMap((comment) => comment.files),
    comments: page.comments,
    more_comments: page.more,
    members,
  };
}

const GENERAL: readonly string[] = ['broadcast', 'normal', 'private'];

async function loadGeneral(db: Executor, actor: Actor, discussionId: number) {
  const head = await findReadableDiscussion(db, actor, eq(discussions.id, discussionId));
  // An order's discussion is reached through its order: get_discussion_purch or _sales.
  if (!head || !GENERAL.includes(head.visibility)) throw new AppError('discussion_not_found');
  return head;
}

const orderWhere = (kind: OrderKind, headId: number): SQL =>
  eq(kind === 'purch' ? discussions.purchHeadId : discussions.salesHeadId, headId);

/** An order's discussion; an order of another company, or without the permission, is not found. */
async function loadOrder(db: Executor, actor: Actor, kind: OrderKind, headId: number) {
  const head = await findReadableDiscussion(db, actor, orderWhere(kind, headId));
  if (!head) throw new AppError('order_not_found');
  return head;
}

/** Opening a broadcast, regular or private discussion reads it: the lists stop marking it unread. */
export async function getDiscussionGeneral(deps: Deps, actor: Actor, discussionId: number) {
  const head = await loadGeneral(deps.db, actor, discussionId);
  await markRead(deps.db, actor.userId, head.id);
  return loadThread(deps.db, head);
}

export async function getOrderDiscussion(deps: Deps, actor: Actor, kind: OrderKind, headId: number) {
  return loadThread(deps.db, await loadOrder(deps.db, actor, kind, headId));
}

/**
 * Earlier comments of a discussion of any kind, read under the same rules as the discussion
 * itself: an order's discussion too is `discussion_not_found` for whoever may not read it.
 */
export async function listComments(deps: Deps, actor: Actor, input: contract.ListCommentsRequest) {
  const head = await findReadableDiscussion(deps.db, actor, eq(discussions.id, input.discussion_id));
  if (!head) throw new AppError('discussion_not_found');
  if (!(await isCommentOf(deps.db, head.id, input.before_comment_id))) {
    throw new AppError('comment_not_found');
  }
  const page = await commentPage(
    deps.db,
    await listLatestComments(deps.db, head.id, input.count, input.before_comment_id),
    input.count,
  );
  return { items: page.comments, more: page.more };
}

export async function addCommentGeneral(deps: Deps, actor: Actor, input: contract.AddCommentGeneralRequest) {
  const head = await loadGeneral(deps.db, actor, input.discussion_id);
  const visibility = head.visibility as GeneralVisibility;
  const members =
    visibility === 'broadcast' ? [] : await chosenUsers(deps.db, actor, head.companyId, input.users);
  const commentId = await deps.db.transaction(async (tx) => {
    await addMembers(tx, head.id, members);
    const id = await insertComment(tx, { discussionId: head.id, userId: actor.userId, text: input.text });
    await attachFiles(tx, deps, { actor, codes: input.files, commentId: id });
    await emitCommentAdded(tx, head.id, id);
    await notifyGeneralComment(tx, {
      visibility,
      discussionId: head.id,
      companyId: head.companyId,
      commentId: id,
      authorId: actor.userId,
    });
    return id;
  });
  return { comment_id: commentId };
}

export async function addOrderComment(
  deps: Deps,
  actor: Actor,
  options: { kind: OrderKind; headId: number; text: string; files: string[] },
) {
  const head = await loadOrder(deps.db, actor, options.kind, options.headId);
  const commentId = await deps.db.transaction(async (tx) => {
    const id = await insertComment(tx, { discussionId: head.id, userId: actor.userId, text: options.text });
    await attachFiles(tx, deps, { actor, codes: options.files, commentId: id });
    await emitCommentAdded(tx, head.id, id);
    await notifyOrderComment(tx, {
      kind: options.kind,
      discussionId: head.id,
      commentId: id,
      authorId: actor.userId,
    });
    return id;
  });
  return { comment_id: commentId };
}

/** Users who may be chosen in a discussion: active users of the caller's companies (or of one). */
export async function listCompanyUsers(deps: Deps, actor: Actor, query: contract.ListCompanyUsersRequest) {
  const { filters } = query;
  let companyIds: number[] | undefined = actor.isAdmin ? undefined : [...actor.companyIds];
  if (filters.company_id !== undefined) {
    companyIds = !companyIds || companyIds.includes(filters.company_id) ? [filters.company_id] : [];
  }
  const { rows, total } = await listCompanyUserRows(
    deps.db,
    { companyIds, smart: filters.smart, userIds: filters.user_id_list },
    query,
  );
  return toPage(rows, query, total);
}
