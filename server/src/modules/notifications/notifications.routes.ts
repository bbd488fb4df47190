import { NOTIFICATION_TYPE_NAMES, NOTIFICATION_TYPES, notifications } from '@extranet/contract';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { emailRates } from '../../db/schema';
import { type Deps, registerCall } from '../../http/calls';
import { listNotifications, listRecent, markRead, markSeen } from './notifications.service';

export function registerNotificationRoutes(app: FastifyInstance, deps: Deps) {
  registerCall(app, deps, notifications.listEmailRates, async () => {
    const rows = await deps.db.select().from(emailRates).orderBy(asc(emailRates.minutes));
    return { items: rows.map((row) => ({ erate_id: row.id, minutes: row.minutes })), more: false };
  });
  registerCall(app, deps, notifications.listNotificationTypes, async () => ({
    items: NOTIFICATION_TYPES.map((ntfy_id) => ({ ntfy_id, name: NOTIFICATION_TYPE_NAMES[ntfy_id] })),
    more: false,
  }));
  registerCall(app, deps, notifications.listRecent, (input, { actor }) =>
    listRecent(deps, actor, input.count),
  );
  registerCall(app, deps, notifications.markSeen, (input, { actor }) =>
    markSeen(deps, actor, input.up_to_id),
  );
  registerCall(app, deps, notifications.listNotifications, (input, { actor }) =>
    listNotifications(deps, actor, input),
  );
  registerCall(app, deps, notifications.markRead, (input, { actor }) =>
    markRead(deps, actor, input.notification_id_list, input.read),
  );
}
