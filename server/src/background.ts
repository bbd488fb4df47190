import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client';
import { maintainEmbeddedDatabase } from './db/maintenance';
import type { Deps } from './http/calls';
import { forgetOldRateLimits } from './http/rate-limit-store';
import { deleteEndedSessions } from './http/session';
import { deliverEmails } from './jobs/email';
import { createMailer } from './jobs/mailer';
import { type Scheduler, startScheduler } from './jobs/scheduler';
import { removeAbandonedUploads } from './modules/files/files.cleanup';
import type { StorageDriver } from './modules/files/storage';
import { enqueueEmailSummaries } from './modules/notifications/notifications.summaries';
import { webhookTasks } from './modules/webhooks/webhooks.delivery';
import { wmsTasks } from './modules/wms/wms.jobs';

const MINUTE_MS = 60_000;

/**
 * The background work of one instance: email summaries, removal of abandoned uploads and of old
 * rate-limit windows, warehouse link, webhook deliveries, and the embedded database's vacuum.
 */
export function startJobs(
  deps: Deps,
  storage: StorageDriver,
  log: FastifyBaseLogger,
  database: { kind: Database['kind'] },
): Scheduler {
  const mailer = createMailer(deps.config, log);
  const scheduler = startScheduler({
    intervalMs: deps.config.JOBS_INTERVAL_MS,
    log,
    tasks: [
      // Summaries fall due after hours and uploads are abandoned after a day: once a minute is
      // soon enough for both, and spares the database a look every tick.
      { name: 'email-summaries', run: () => enqueueEmailSummaries(deps.db), everyMs: MINUTE_MS },
      { name: 'email-delivery', run: () => deliverEmails(deps.db, mailer, log) },
      { name: 'abandoned-uploads', run: () => removeAbandonedUploads(deps.db, storage), everyMs: MINUTE_MS },
      { name: 'rate-limit-windows', run: () => forgetOldRateLimits(deps.db), everyMs: 3_600_000 },
      { name: 'ended-sessions', run: () => deleteEndedSessions(deps.db), everyMs: 3_600_000 },
      ...wmsTasks(deps, log, storage),
      ...webhookTasks(deps, log),
      // PostgreSQL vacuums and analyzes by itself; the embedded database is told to, a few minutes
      // after the start (not while it opens) and then every six hours.
      ...(database.kind === 'pglite'
        ? [
            {
              name: 'embedded-maintenance',
              run: () => maintainEmbeddedDatabase(deps.db, log),
              firstAfterMs: 5 * MINUTE_MS,
              everyMs: 6 * 60 * MINUTE_MS,
            },
          ]
        : []),
    ],
  });
  return {
    runOnce: scheduler.runOnce,
    async stop() {
      await scheduler.stop();
      mailer.close();
    },
  };
}
