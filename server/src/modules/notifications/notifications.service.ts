import {
  type discussions,
  NOTIFICATION_TYPES,
  type NotificationType,
  type notifications,
} from '@extranet/contract';
import type { Deps } from '../../http/calls';
import type { Actor } from '../../http/session';
import { listRecent as listRecentRows, markSeen as markSeenRows } from './notifications.repository';

export async function listRecent(deps: Deps, actor: Actor, count: number) {
  const rows = await listRecentRows(deps.db, actor, count);
  const items: notifications.NotificationItem[] = rows
    .filter((row) => NOTIFICATION_TYPES.includes(row.ntfyType as NotificationType))
    .map((row) => ({
      notification_id: row.id,
      ntfy_type: row.ntfyType as NotificationType,
      seen: row.seen,
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
    }));
  return { items };
}

export async function markSeen(deps: Deps, actor: Actor, upToId: number | undefined) {
  await markSeenRows(deps.db, actor.userId, upToId);
  return {};
}
