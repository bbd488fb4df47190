import { z } from 'zod';
import { type CallDef, defineCall } from './call';
import { zDateTime } from './codec';
import { Id, IdList, listRequest, listResponse, Smart } from './list';

export const VISIBILITIES = ['broadcast', 'normal', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** Order progress values a system comment may carry (DESIGN.md §6). */
export const ORDER_PROGRESSES = ['draft', 'ready', 'sent', 'failure', 'sync', 'template'] as const;

/** A file code: an unguessable random token (DESIGN.md §4). */
export const FileCode = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
export const FileCodes = z.array(FileCode).max(100);

export const FileRef = z.object({ code: FileCode, name: z.string(), ext: z.string() });
export type FileRef = z.infer<typeof FileRef>;

/**
 * The order a discussion belongs to. An order's discussion has no name of its own: readers see
 * "Purchase order PO-1" (or "Sales order template …") in their language, made from these fields.
 */
export const DiscussionOrder = z.object({
  kind: z.enum(['purch', 'sales']),
  head_id: Id,
  external_code: z.string().nullable(),
  /** The warehouse's number of the order, once it gave one: the order's name when it has no code. */
  warehouse_code: z.string().nullable(),
  is_template: z.boolean(),
});
export type DiscussionOrder = z.infer<typeof DiscussionOrder>;

/**
 * The code an order is known by: its external code, else the warehouse's number of it once the
 * warehouse gave one, else `#<head_id>`.
 */
export const orderCode = (order: {
  head_id: number;
  external_code: string | null;
  warehouse_code?: string | null;
}): string => order.external_code ?? order.warehouse_code ?? `#${order.head_id}`;

/**
 * The name readers see for a discussion, in the language `t` writes (the web app's i18next, or
 * the server's translate for emails): an order's discussion is named from its order
 * ("Purchase order PO-1", "Sales order template SO-T"), any other by its own name.
 */
export function discussionName(
  t: (key: string, params: { code: string }) => string,
  discussion: { name: string; order: DiscussionOrder | null },
): string {
  const { order } = discussion;
  if (!order) return discussion.name;
  const key = `discussions.orderName.${order.kind}${order.is_template ? 'Template' : ''}`;
  return t(key, { code: orderCode(order) });
}

const OrderStatus = z.object({ code: z.string().nullable(), desc: z.string().nullable() });

/** The structured text of a system comment (is_dict); the web app renders it as a sentence. */
/**
 * Who made a change beside the comment's author: the warehouse (no author), or an API key (its
 * owner is the author). A change without `via` and without an author is the server's own.
 */
export const ChangeVia = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('warehouse') }),
  z.object({ kind: z.literal('api_key'), name: z.string() }),
]);
export type ChangeVia = z.infer<typeof ChangeVia>;

/** One edited field of an order: its name (the form's field name) and its value before and after. */
export const FieldChange = z.object({
  field: z.string(),
  old: z.string().nullable(),
  new: z.string().nullable(),
});
export type FieldChange = z.infer<typeof FieldChange>;

export const SystemText = z.discriminatedUnion('code', [
  z.object({
    code: z.literal('order_progress_changed'),
    old: z.string(),
    new: z.string(),
    via: ChangeVia.optional(),
  }),
  z.object({
    code: z.literal('order_status_changed'),
    old: OrderStatus,
    new: OrderStatus,
    via: ChangeVia.optional(),
  }),
  /** An edit of a draft: each changed header field, and the lines when they changed. */
  z.object({
    code: z.literal('order_edited'),
    changes: z.array(FieldChange),
    via: ChangeVia.optional(),
  }),
  /** The warehouse sent a document about the order (orders.DOCUMENT_TYPES). */
  z.object({ code: z.literal('order_document_added'), type: z.string(), name: z.string() }),
  /** The warehouse moved (slot: ISO instants) or cancelled (null) the order's slot booking. */
  z.object({
    code: z.literal('order_slot_changed'),
    slot: z.object({ starts_at: z.string(), ends_at: z.string(), time_zone: z.string() }).nullable(),
    reason: z.string().nullable(),
  }),
  /** The server paused a webhook endpoint that failed for a day (a notice to its owner). */
  z.object({ code: z.literal('webhook_endpoint_paused'), url: z.string() }),
]);
export type SystemText = z.infer<typeof SystemText>;

/** The author of a comment or notification; null for a system comment. */
export const Author = z.object({ user_id: Id, username: z.string(), fio: z.string().nullable() }).nullable();
export type Author = z.infer<typeof Author>;

export const CommentText = z.union([z.string(), SystemText]);
export type CommentText = z.infer<typeof CommentText>;

export const Comment = z.object({
  comment_id: Id,
  user_id: Id.nullable(),
  user: Author,
  creation_date: zDateTime,
  is_dict: z.boolean(),
  text: CommentText,
  files: z.array(FileRef),
});
export type Comment = z.infer<typeof Comment>;

export const Discussion = z.object({
  discussion_id: Id,
  /** The user-given name; for an order's discussion, the order's code (render `order` instead). */
  name: z.string(),
  /** The order of an order's discussion; null for a broadcast, regular or private one. */
  order: DiscussionOrder.nullable(),
  company_id: Id,
  company: z.object({ name: z.string() }),
  visibility: z.enum([...VISIBILITIES, 'order']),
  purch_head_id: Id.nullable(),
  sales_head_id: Id.nullable(),
  modification_date: zDateTime,
  /** Every file of the thread, oldest first. */
  files: z.array(FileRef),
  /** The latest comments (at most MAX_THREAD_COMMENTS), oldest first. */
  comments: z.array(Comment),
  /** True when older comments exist beyond the ones returned. */
  more_comments: z.boolean(),
  /**
   * Who a regular or private discussion is between: its author and every user chosen for it (at
   * its start or in a later comment), by name. Empty for broadcasts and orders' discussions.
   */
  members: z.array(Author.unwrap()),
});
export type Discussion = z.infer<typeof Discussion>;

export const MAX_THREAD_COMMENTS = 500;
/** Comments of one list_comments page unless the caller asks for another count. */
export const COMMENTS_PAGE_SIZE = 100;

export const DiscussionName = z.string().trim().min(1).max(200);
export const CommentMessage = z.string().trim().min(1).max(10_000);

export const AddDiscussionRequest = z.object({
  company_id: Id,
  name: DiscussionName,
  text: CommentMessage,
  files: FileCodes.default([]),
  /** Chosen users of the company; ignored for broadcast discussions. */
  users: IdList.default([]),
});
export type AddDiscussionRequest = z.infer<typeof AddDiscussionRequest>;

export const AddDiscussionResponse = z.object({ discussion_id: Id });

export const DiscussionRow = z.object({
  discussion_id: Id,
  name: z.string(),
  company_id: Id,
  company: z.object({ name: z.string() }),
  visibility: z.enum(VISIBILITIES),
  modification_date: zDateTime,
  /** The thread has a comment by someone else that the caller has not seen since last opening it. */
  unread: z.boolean(),
});
export type DiscussionRow = z.infer<typeof DiscussionRow>;

export const DISCUSSION_ORDERINGS = ['modification_date'] as const;
export const ListDiscussionsRequest = listRequest({ company_id: Id, smart: Smart }, DISCUSSION_ORDERINGS);
export type ListDiscussionsRequest = z.infer<typeof ListDiscussionsRequest>;
export const ListDiscussionsResponse = listResponse(DiscussionRow);

export const AddCommentGeneralRequest = z.object({
  discussion_id: Id,
  text: CommentMessage,
  files: FileCodes.default([]),
  /** Users of the company to bring into the discussion and notify (normal and private only). */
  users: IdList.default([]),
});
export type AddCommentGeneralRequest = z.infer<typeof AddCommentGeneralRequest>;

export const AddCommentPurchRequest = z.object({
  purch_head_id: Id,
  text: CommentMessage,
  files: FileCodes.default([]),
});
export const AddCommentSalesRequest = z.object({
  sales_head_id: Id,
  text: CommentMessage,
  files: FileCodes.default([]),
});
export const AddCommentResponse = z.object({ comment_id: Id });

export const ListCommentsRequest = z.object({
  discussion_id: Id,
  /** The oldest comment the caller has: the page holds the comments before it. */
  before_comment_id: Id,
  count: z.int().min(1).max(MAX_THREAD_COMMENTS).default(COMMENTS_PAGE_SIZE),
});
export type ListCommentsRequest = z.infer<typeof ListCommentsRequest>;

export const ListCommentsResponse = z.object({
  /** Oldest first, the newest of them just before `before_comment_id`. */
  items: z.array(Comment),
  /** True when still older comments exist. */
  more: z.boolean(),
});
export type ListCommentsResponse = z.infer<typeof ListCommentsResponse>;

export const CompanyUser = z.object({ user_id: Id, username: z.string(), fio: z.string().nullable() });
export type CompanyUser = z.infer<typeof CompanyUser>;

export const ListCompanyUsersRequest = listRequest({ company_id: Id, smart: Smart, user_id_list: IdList }, [
  'username',
]);
export type ListCompanyUsersRequest = z.infer<typeof ListCompanyUsersRequest>;

const SESSION: Pick<CallDef, 'access'> = { access: 'session' };
/**
 * Broadcast, regular and private discussions are the person's, guarded by no permission: an API
 * key takes part in them only with the `personal` scope. An order's discussion is the order's
 * (pord, sord).
 */
const PERSONAL: Pick<CallDef, 'access' | 'personal'> = { access: 'session', personal: true };

const addDiscussion = (visibility: Visibility, summary: string) =>
  defineCall({
    path: `/discussions/add_discussion_${visibility}`,
    summary,
    ...PERSONAL,
    request: AddDiscussionRequest,
    response: AddDiscussionResponse,
  });

const listDiscussions = (visibility: Visibility, summary: string) =>
  defineCall({
    path: `/discussions/list_discussion_${visibility}`,
    summary,
    ...PERSONAL,
    request: ListDiscussionsRequest,
    response: ListDiscussionsResponse,
  });

export const addDiscussionBroadcast = addDiscussion(
  'broadcast',
  'Starts a broadcast discussion: every user of the company sees it and is notified.',
);
export const addDiscussionNormal = addDiscussion(
  'normal',
  'Starts a regular discussion: every user of the company sees it; the chosen users are notified.',
);
export const addDiscussionPrivate = addDiscussion(
  'private',
  'Starts a private discussion: only its author and the chosen users see it.',
);

export const listDiscussionBroadcast = listDiscussions(
  'broadcast',
  'Broadcast discussions of the companies of the caller.',
);
export const listDiscussionNormal = listDiscussions(
  'normal',
  'Regular discussions of the companies of the caller.',
);
export const listDiscussionPrivate = listDiscussions(
  'private',
  'Private discussions the caller started or was chosen for.',
);

export const ADD_DISCUSSION = {
  broadcast: addDiscussionBroadcast,
  normal: addDiscussionNormal,
  private: addDiscussionPrivate,
} as const;

export const LIST_DISCUSSIONS = {
  broadcast: listDiscussionBroadcast,
  normal: listDiscussionNormal,
  private: listDiscussionPrivate,
} as const;

export const getDiscussionGeneral = defineCall({
  path: '/discussions/get_discussion_general',
  summary: 'A broadcast, regular or private discussion with its latest comments and files.',
  ...PERSONAL,
  request: z.object({ discussion_id: Id }),
  response: Discussion,
});

export const addCommentGeneral = defineCall({
  path: '/discussions/add_comment_general',
  summary: 'Comments on a broadcast, regular or private discussion and notifies its participants.',
  ...PERSONAL,
  request: AddCommentGeneralRequest,
  response: AddCommentResponse,
});

export const getDiscussionPurch = defineCall({
  path: '/discussions/get_discussion_purch',
  summary: "A purchase order's discussion.",
  ...SESSION,
  permission: ['pord'],
  request: z.object({ purch_head_id: Id }),
  response: Discussion,
});

export const getDiscussionSales = defineCall({
  path: '/discussions/get_discussion_sales',
  summary: "A sales order's discussion.",
  ...SESSION,
  permission: ['sord'],
  request: z.object({ sales_head_id: Id }),
  response: Discussion,
});

export const addCommentPurch = defineCall({
  path: '/discussions/add_comment_purch',
  summary: "Comments on a purchase order's discussion and notifies the company's users with pord.",
  ...SESSION,
  permission: ['pord'],
  request: AddCommentPurchRequest,
  response: AddCommentResponse,
});

export const addCommentSales = defineCall({
  path: '/discussions/add_comment_sales',
  summary: "Comments on a sales order's discussion and notifies the company's users with sord.",
  ...SESSION,
  permission: ['sord'],
  request: AddCommentSalesRequest,
  response: AddCommentResponse,
});

export const listComments = defineCall({
  path: '/discussions/list_comments',
  summary:
    'Earlier comments of a discussion of any kind, before a given one: pages back beyond the latest ones a thread returns.',
  ...PERSONAL,
  request: ListCommentsRequest,
  response: ListCommentsResponse,
});

export const listUsers = defineCall({
  path: '/discussions/list_users',
  summary:
    'Active users of the companies of the caller (or of one of them) who may be chosen in a discussion.',
  ...PERSONAL,
  request: ListCompanyUsersRequest,
  response: listResponse(CompanyUser),
});

type Translate = (key: string, params?: Record<string, string>) => string;

/**
 * A system comment as a sentence in the reader's language, one definition for the web's threads and
 * notifications and the server's email summaries. A status with nothing before it is "set", not
 * "changed from unknown"; an edit lists each field with its old and new value.
 */
export function systemSentence(t: Translate, text: SystemText, knownStatuses: readonly string[]): string {
  if (text.code === 'webhook_endpoint_paused') return t('webhooks.pausedNotice', { url: text.url });
  const unknown = t('discussions.progress.unknown');
  if (text.code === 'order_progress_changed') {
    const name = (value: string) =>
      (ORDER_PROGRESSES as readonly string[]).includes(value)
        ? t(`discussions.progress.${value}`)
        : value || unknown;
    return t('discussions.system.progressChanged', { from: name(text.old), to: name(text.new) });
  }
  if (text.code === 'order_edited') {
    const value = (v: string | null) => {
      if (v === null) return t('discussions.system.empty');
      if (v === 'true') return t('orders.view.yes');
      if (v === 'false') return t('orders.view.no');
      return v;
    };
    const field = (name: string) =>
      name.startsWith('line:')
        ? t('discussions.system.line', { code: name.slice(5) })
        : t(`orders.fields.${name}`);
    const changes = text.changes
      .map((change) =>
        t('discussions.system.change', {
          field: field(change.field),
          from: value(change.old),
          to: value(change.new),
        }),
      )
      .join('; ');
    return t('discussions.system.edited', { changes });
  }
  if (text.code === 'order_document_added') {
    return t('discussions.system.documentAdded', {
      type: t(`orders.documentType.${text.type}`),
      name: text.name,
    });
  }
  if (text.code === 'order_slot_changed') {
    const reason = text.reason ?? '';
    if (!text.slot) return t('discussions.system.slotCancelled', { reason });
    return t('discussions.system.slotMoved', { slot: slotWindow(text.slot), reason });
  }
  const name = (status: { code: string | null; desc: string | null }) =>
    status.code && knownStatuses.includes(status.code)
      ? t(`warehouse.orderStatus.${status.code}`)
      : status.desc || status.code || null;
  const from = name(text.old);
  const to = name(text.new) ?? unknown;
  if (from === null) return t('discussions.system.statusSet', { to });
  return t('discussions.system.statusChanged', { from, to });
}

/** A slot's window in its warehouse's zone: `2026-12-24 08:00–09:00`. */
function slotWindow(slot: { starts_at: string; ends_at: string; time_zone: string }): string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: slot.time_zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = (at: string) =>
    Object.fromEntries(format.formatToParts(new Date(at)).map((part) => [part.type, part.value]));
  const start = parts(slot.starts_at);
  const end = parts(slot.ends_at);
  return `${start.year}-${start.month}-${start.day} ${start.hour}:${start.minute}–${end.hour}:${end.minute}`;
}

/**
 * Who made a change in an order's history: its author (by full name, else username), through an
 * API key when one was used; the warehouse; else the system.
 */
export function changeAuthorName(t: Translate, user: Author, text: CommentText): string {
  const via = typeof text === 'string' || !('via' in text) ? undefined : text.via;
  if (via?.kind === 'warehouse') return t('discussions.system.warehouse');
  const name = user?.fio || user?.username || t('discussions.system.author');
  if (via?.kind === 'api_key') return t('discussions.system.viaApiKey', { name, key: via.name });
  return name;
}
