import { z } from 'zod';
import { NOTIFICATION_TYPES } from './access';
import { defineCall } from './call';
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
