import { z } from 'zod';
import { NOTIFICATION_TYPES } from './access';
import { defineCall } from './call';
import { zDateTime } from './codec';
import { Author, CommentText } from './discussions';
import { Empty, Id, listResponse } from './list';

export const listEmailRates = defineCall({
  path: '/notifications/list_email_rates',
  summary: 'Email summary rates, in minutes.',
  access: 'session',
  request: Empty,
  response: listResponse(z.object({ erate_id: Id, minutes: z.int() })),
});

export const listNotificationTypes = defineCall({
  path: '/notifications/list_notification_types',
  summary: 'Notification types a user may choose.',
  access: 'session',
  request: Empty,
  response: listResponse(z.object({ ntfy_id: z.enum(NOTIFICATION_TYPES), name: z.string() })),
});

export const NotificationItem = z.object({
  notification_id: Id,
  ntfy_type: z.enum(NOTIFICATION_TYPES),
  seen: z.boolean(),
  /** The comment's author; null for a system comment. */
  user: Author,
  is_dict: z.boolean(),
  text: CommentText,
  with_files: z.boolean(),
  discussion: z.object({
    discussion_id: Id,
    purch_head_id: Id.nullable(),
    sales_head_id: Id.nullable(),
  }),
  creation_date: zDateTime,
});
export type NotificationItem = z.infer<typeof NotificationItem>;

export const RECENT_DEFAULT_COUNT = 20;

export const ListRecentRequest = z
  .object({ count: z.int().min(1).max(100).default(RECENT_DEFAULT_COUNT) })
  .default({ count: RECENT_DEFAULT_COUNT });

export const listRecent = defineCall({
  path: '/notifications/list_recent',
  summary: "The caller's latest notifications, newest first.",
  access: 'session',
  request: ListRecentRequest,
  response: z.object({ items: z.array(NotificationItem) }),
});

export const MarkSeenRequest = z
  .object({
    /** Marks notifications up to this id (the newest one the user was shown); all when absent. */
    up_to_id: Id.optional(),
  })
  .default({});

export const markSeen = defineCall({
  path: '/notifications/mark_seen',
  summary: "Marks the caller's notifications seen, which clears the badge of get_session.",
  access: 'session',
  request: MarkSeenRequest,
  response: z.object({}),
});
