import {
  type discussions,
  NOTIFICATION_TYPES,
  type NotificationType,
  type notifications,
} from '@extranet/contract';
import { discussionOrder } from '../../db/discussion-order';
import type { Deps } from '../../http/calls';
import { toPage } from '../../http/lists';
import type { Actor } from '../../http/session';
import {
  listNotifications as listNotificationRows,
  listRecent as listRecentRows,
  markRead as markReadRows,
  markSeen as markSeenRows,
  type NotificationRecord,
} from './notifications.repository';

function toItem(row: NotificationRecord): notifications.NotificationItem {
  return {
    notification_id: row.id,
    ntfy_type: row.ntfyType as NotificationType,
    seen: row.seen,
    read: row.readAt !== null,
    subject: { discussion_name: row.discussionName, order: discussionOrder(row) },
    user: row.userId === null ? null : { user_id: row.userId, username: row.username!, fio: row.fio },
    is_dict: row.dict !== null,
    text: row.dict !== null ? (row.dict as discussions.SystemText) : (row.text ?? ''),
    with_files: row.withFiles,
    discussion: {
      discussion_id: row.discussionId,
      purch_head_id: row.purchHeadId,
      sales_head_id: row.salesHeadId,
    },
    creation_date: row.creationDate,
  };
}

const known = (row: NotificationRecord) => NOTIFICATION_TYPES.includes(row.ntfyType as NotificationType);

export async function listRecent(deps: Deps, actor: Actor, count: number) {
  const rows = await listRecentRows(deps.db, actor, count);
  return { items: rows.filter(known).map(toItem) };
}

export async function listNotifications(
  deps: Deps,
  actor: Actor,
  query: notifications.ListNotificationsRequest,
) {
  const { rows, total } = await listNotificationRows(deps.db, actor, query);
  return toPage(rows.filter(known).map(toItem), query, total);
}

export async function markRead(deps: Deps, actor: Actor, ids: readonly number[] | undefined, read: boolean) {
  return { count: await markReadRows(deps.db, actor.userId, ids, read) };
}

export async function markSeen(deps: Deps, actor: Actor, upToId: number | undefined) {
  await markSeenRows(deps.db, actor.userId, upToId);
  return {};
}
