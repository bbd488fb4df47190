import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { WaitingPool } from '../db/embedded';
import { countLiveJobs } from '../jobs/outbox';
import type { LiveEvents } from './live-events';

/**
 * Prometheus metrics (docs/operations.md, "Metrics"), in a registry of each app's own: tests build
 * many apps in one process, and each must count only its own.
 */

export const WAREHOUSE_SEND_OUTCOMES = ['sent', 'refused', 'retry', 'gave_up', 'not_ready'] as const;
export type WarehouseSendOutcome = (typeof WAREHOUSE_SEND_OUTCOMES)[number];
export const WEBHOOK_DELIVERY_OUTCOMES = ['delivered', 'retry', 'failed', 'paused', 'cancelled'] as const;
export type WebhookDeliveryOutcome = (typeof WEBHOOK_DELIVERY_OUTCOMES)[number];

/** The route label of a request no route matched (a raw URL would make a series per address). */
export const UNMATCHED_ROUTE = 'unmatched';

export interface Metrics {
  readonly registry: Registry;
  countWarehouseSend(outcome: WarehouseSendOutcome): void;
  countWebhookDelivery(outcome: WebhookDeliveryOutcome): void;
}

/** The counters the background work increments; cheap, so every app has them, listener or not. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  const sends = new Counter({
    name: 'extranet_warehouse_sends_total',
    help: 'Warehouse sends finished, by outcome: sent, refused, retry (no answer, tried again), gave_up (no answer after WMS_MAX_ATTEMPTS), not_ready (the order moved meanwhile)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const deliveries = new Counter({
    name: 'extranet_webhook_deliveries_total',
    help: 'Webhook delivery attempts finished, by outcome: delivered, retry, failed (given up after a day), paused (the endpoint failed for a day), cancelled (the endpoint was turned off)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  // Every outcome from the start, at 0: an alert on a rate needs the series before its first count.
  for (const outcome of WAREHOUSE_SEND_OUTCOMES) sends.inc({ outcome }, 0);
  for (const outcome of WEBHOOK_DELIVERY_OUTCOMES) deliveries.inc({ outcome }, 0);
  return {
    registry,
    countWarehouseSend: (outcome) => sends.inc({ outcome }),
    countWebhookDelivery: (outcome) => deliveries.inc({ outcome }),
  };
}

/**
 * Times every request by its route's path (`/api/auth/login`, never the URL asked for, whose query
 * may hold a file's code). Registered before any route, so that it covers them all.
 */
export function timeRequests(app: FastifyInstance, metrics: Metrics): void {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route path and status code (live update streams are not timed: see extranet_live_streams)',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [metrics.registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

interface Sources {
  database: Database;
  /** The app's live streams, once its routes are registered. */
  live: () => LiveEvents | undefined;
  log: FastifyBaseLogger;
}

/** What is read at each scrape: the outbox, the database pool, the live streams. */
function registerReadings(metrics: Metrics, { database, live, log }: Sources): () => void {
  const registers = [metrics.registry];
  const oldestDue = new Gauge({
    name: 'extranet_outbox_oldest_due_seconds',
    help: 'How long the longest-waiting due job of each queue has been due (0: none due)',
    labelNames: ['queue'],
    registers,
  });
  new Gauge({
    name: 'extranet_outbox_jobs',
    help: 'Live outbox jobs by queue and state: due (may run now, no worker has it), running (claimed), failed (waiting to retry after a failed attempt)',
    labelNames: ['queue', 'state'],
    registers,
    async collect() {
      this.reset();
      oldestDue.reset();
      try {
        for (const counts of await countLiveJobs(database.db)) {
          this.set({ queue: counts.queue, state: 'due' }, counts.due);
          this.set({ queue: counts.queue, state: 'running' }, counts.running);
          this.set({ queue: counts.queue, state: 'failed' }, counts.failed);
          oldestDue.set({ queue: counts.queue }, counts.oldestDueSeconds);
        }
      } catch (error) {
        // The database does not answer: the series are absent from this scrape, the rest stand.
        log.warn({ err: error }, 'metrics: the outbox could not be counted');
      }
    },
  });
  const pool = database.pool;
  new Gauge({
    name: 'extranet_db_pool_connections',
    help: 'Connections of the database pool by state: in_use (lent to a query or transaction), idle',
    labelNames: ['state'],
    registers,
    collect() {
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
    },
  });
  new Gauge({
    name: 'extranet_db_pool_waiting',
    help: 'Queries waiting for a connection of the database pool (the embedded database: waiting for its one backend)',
    registers,
    collect() {
      this.set(pool.waitingCount);
    },
  });
  new Gauge({
    name: 'extranet_db_pool_max',
    help: 'Connections the database pool opens at most (DATABASE_POOL_SIZE; 1 for the embedded database)',
    registers,
    collect() {
      this.set(pool.options.max ?? 10);
    },
  });
  new Gauge({
    name: 'extranet_live_streams',
    help: 'Live update streams (GET /api/events) open on this instance',
    registers,
    collect() {
      this.set(live()?.openStreams ?? 0);
    },
  });
  if (!(pool instanceof WaitingPool)) return () => {};
  const waits = new Histogram({
    name: 'extranet_db_embedded_wait_seconds',
    help: 'How long each query waited for the embedded database, which answers one at a time (EMBEDDED_DB_QUERY_BUDGET_MS bounds it)',
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10],
    registers,
  });
  return pool.observeWaits((seconds) => waits.observe(seconds));
}

/**
 * With METRICS_PORT, a listener of its own (METRICS_HOST, by default this machine only) answers
 * GET /metrics in Prometheus' text format: never on the app's port, which the world reaches.
 * Closed with the app.
 */
export async function serveMetrics(
  app: FastifyInstance,
  config: Config,
  metrics: Metrics,
  sources: Omit<Sources, 'log'>,
): Promise<void> {
  if (config.METRICS_PORT === undefined) return;
  collectDefaultMetrics({ register: metrics.registry });
  const stopReadings = registerReadings(metrics, { ...sources, log: app.log });
  const listener = Fastify({
    loggerInstance: app.log.child({ listener: 'metrics' }),
    // A scrape every few seconds is not worth a log line each.
    logController: new LogController({ disableRequestLogging: true }),
  });
  listener.get('/metrics', async (_request, reply) =>
    reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
  );
  await listener.listen({ host: config.METRICS_HOST, port: config.METRICS_PORT });
  app.log.info({ host: config.METRICS_HOST, port: config.METRICS_PORT }, 'metrics at GET /metrics');
  app.addHook('onClose', async () => {
    stopReadings();
    await listener.close();
  });
}
