import { z } from 'zod';
import { NOTIFICATION_TYPES } from './access';
import { defineCall } from './call';
import { zDateTime } from './codec';
import { Author, CommentText, DiscussionOrder } from './discussions';
import { Empty, Id, IdList, listRequest, listResponse } from './list';

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

/**
 * What a notification is about: its discussion, and the order the discussion belongs to. An
 * order's discussion is named from `order` in the reader's language; `discussion_name` then holds
 * the order's code.
 */
export const NotificationSubject = z.object({
  discussion_name: z.string(),
  order: DiscussionOrder.nullable(),
});
export type NotificationSubject = z.infer<typeof NotificationSubject>;

export const NotificationItem = z.object({
  notification_id: Id,
  ntfy_type: z.enum(NOTIFICATION_TYPES),
  /** The bell was opened since it came (the badge). */
  seen: z.boolean(),
  /** The user read it: opened it, or marked it read. */
  read: z.boolean(),
  subject: NotificationSubject,
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
  // The signed-in person's inbox: an API key reads it only with the `personal` scope.
  personal: true,
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
  // The signed-in person's inbox: an API key reads it only with the `personal` scope.
  personal: true,
  request: MarkSeenRequest,
  response: z.object({}),
});

/** Every notification of the caller, newest first unless told otherwise; `unread` narrows. */
export const ListNotificationsRequest = listRequest({ unread: z.boolean() }, ['creation_date']);
export type ListNotificationsRequest = z.infer<typeof ListNotificationsRequest>;

export const listNotifications = defineCall({
  path: '/notifications/list_notifications',
  summary: "The caller's notifications, a page at a time, with their read state and subject.",
  access: 'session',
  // The signed-in person's inbox: an API key reads it only with the `personal` scope.
  personal: true,
  request: ListNotificationsRequest,
  response: listResponse(NotificationItem),
});

export const MarkReadRequest = z.object({
  /** The notifications to mark; every one of the caller's when absent. */
  notification_id_list: IdList.optional(),
  /** false marks them unread again. */
  read: z.boolean().default(true),
});

export const markRead = defineCall({
  path: '/notifications/mark_read',
  summary: "Marks some (or all) of the caller's notifications read or unread; answers how many changed.",
  access: 'session',
  // The signed-in person's inbox: an API key reads it only with the `personal` scope.
  personal: true,
  request: MarkReadRequest,
  response: z.object({ count: z.int().min(0) }),
});
