import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { encode, hostProblem, webhooks } from '@extranet/contract';
import type { FastifyBaseLogger } from 'fastify';
import { deliveryRefusal } from '../../access/webhooks';
import type { Db } from '../../db/client';
import type { Deps } from '../../http/calls';
import type { WebhookDeliveryOutcome } from '../../http/metrics';
import { cancel, finish, type Job, relock, retryLater, runQueue } from '../../jobs/outbox';
import type { Task } from '../../jobs/scheduler';
import { decryptSecret } from '../auth/second-factor';
import { type WebhookDeliveryPayload, webhookDeliveryQueue } from './webhooks.outbox';
import {
  type AttemptRecord,
  forgetOldEvents,
  isOlderThan,
  loadDelivery,
  markDeliveryFailed,
  markEndpointAnswering,
  markEndpointFailing,
  notifyEndpointPaused,
  pauseEndpoint,
  recordAttempt,
  refuseDelivery,
} from './webhooks.repository';
import { signWebhook } from './webhooks.signature';

/** A delivery is retried for a day; an endpoint failing for a day is paused (issue's numbers). */
export const RETRY_HOURS = 24;
export const PAUSE_AFTER_HOURS = 24;
const BATCH = 20;
/** Answers are not read past this: only the status is kept. */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface DeliveryOptions {
  secretKey: Buffer;
  allowedHosts: readonly string[];
  timeoutMs: number;
  retryBaseMs: number;
  log?: FastifyBaseLogger;
  random?: () => number;
  /** Resolves a host's name when connecting; node's dns.lookup unless a test gives another. */
  resolve?: typeof dnsLookup;
  /** Told each recorded outcome (the metrics' counter). */
  countOutcome?: (outcome: WebhookDeliveryOutcome) => void;
}

export function deliveryOptions(deps: Deps, log?: FastifyBaseLogger): DeliveryOptions {
  return {
    secretKey: deps.secretKey,
    allowedHosts: deps.config.WEBHOOK_ALLOWED_HOSTS,
    timeoutMs: deps.config.WEBHOOK_TIMEOUT_MS,
    retryBaseMs: deps.config.WEBHOOK_RETRY_BASE_MS,
    log,
    countOutcome: deps.metrics.countWebhookDelivery,
  };
}

interface Answer {
  status: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * Resolves a name and refuses it when any of its addresses is in a private network: checked at
 * connect time, so a name that changes what it points to after the URL was saved (DNS
 * rebinding) still cannot reach the server's own network.
 */
const publicOnlyLookup =
  (resolve: typeof dnsLookup): LookupFunction =>
  (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as LookupAddress[];
      const inside = list.find((entry) =>
        hostProblem(entry.family === 6 ? `[${entry.address}]` : entry.address),
      );
      if (inside || list.length === 0) {
        return callback(
          new Error(`${hostname} resolves to ${inside?.address ?? 'nothing'}, not a public address`),
          '',
          0,
        );
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };

/** One POST; never throws: an answer, or why none came. */
function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  options: DeliveryOptions,
): Promise<Answer> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: Omit<Answer, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...answer, durationMs: elapsed() });
    };
    const requestOptions: RequestOptions = {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      ...(webhooks.isAllowedWebhookHost(url, options.allowedHosts)
        ? {}
        : { lookup: publicOnlyLookup(options.resolve ?? dnsLookup) }),
    };
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      requestOptions,
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const done = () => settle({ status: response.statusCode ?? null, error: null });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      settle({ status: null, error: `no answer within ${options.timeoutMs} ms` });
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error) => settle({ status: null, error: error.message }));
    request.end(body);
  });
}

/** The body every attempt sends: the event as stored, typed values tagged as the API's. */
function bodyOf(event: NonNullable<Awaited<ReturnType<typeof loadDelivery>>>['event']): string {
  return JSON.stringify(
    encode(webhooks.WebhookEventBody, {
      event_id: event.id,
      type: event.type as webhooks.WebhookEventType,
      time: event.creationDate,
      company_id: event.companyId,
      data: event.data,
    }),
  );
}

async function attempt(
  delivery: NonNullable<Awaited<ReturnType<typeof loadDelivery>>>,
  options: DeliveryOptions,
): Promise<Answer> {
  const problem = webhooks.webhookUrlProblem(delivery.endpoint.url, options.allowedHosts);
  if (problem) return { status: null, error: `address not allowed: ${problem}`, durationMs: 0 };
  const body = bodyOf(delivery.event);
  const secret = decryptSecret(options.secretKey, delivery.endpoint.secret);
  const timestamp = String(Math.floor(Date.now() / 1000));
  return post(
    new URL(delivery.endpoint.url),
    {
      'content-type': 'application/json',
      'user-agent': 'extranet-webhooks/1',
      [webhooks.WEBHOOK_EVENT_ID_HEADER]: delivery.event.id,
      [webhooks.WEBHOOK_EVENT_TYPE_HEADER]: delivery.event.type,
      [webhooks.WEBHOOK_TIMESTAMP_HEADER]: timestamp,
      [webhooks.WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, timestamp, body),
    },
    body,
    options,
  );
}

const isSuccess = (answer: Answer) => answer.status !== null && answer.status >= 200 && answer.status < 300;

/**
 * Records an attempt's outcome in one transaction, if the claim is still this worker's: a 2xx
 * delivers it; anything else is retried with the outbox's backoff until the delivery is a day
 * old, and an endpoint that has failed for a day is paused, its pending deliveries given up and
 * its owner told.
 */
async function recordOutcome(
  db: Db,
  job: Job<WebhookDeliveryPayload>,
  answer: Answer,
  options: DeliveryOptions,
) {
  const deliveryId = job.payload.deliveryId;
  const recorded = await db.transaction(async (tx): Promise<WebhookDeliveryOutcome | undefined> => {
    if (!(await relock(tx, job))) return undefined;
    const delivery = await loadDelivery(tx, deliveryId);
    if (!delivery) {
      await finish(tx, job.id, 'delivery gone');
      return 'cancelled';
    }
    const record: AttemptRecord = {
      attempts: job.attempts,
      responseCode: answer.status,
      durationMs: answer.durationMs,
      error: isSuccess(answer) ? null : (answer.error ?? `HTTP ${answer.status}`).slice(0, 1000),
    };
    if (isSuccess(answer)) {
      await recordAttempt(tx, deliveryId, record, 'delivered');
      await markEndpointAnswering(tx, delivery.endpoint.id);
      await finish(tx, job.id);
      return 'delivered';
    }
    const endpoint = await markEndpointFailing(tx, delivery.endpoint.id, PAUSE_AFTER_HOURS);
    if (!endpoint?.active) {
      // Paused or turned off while this attempt was under way: given up like the rest.
      await recordAttempt(tx, deliveryId, record, 'failed');
      await cancel(tx, job.id, 'the endpoint is off');
      return 'cancelled';
    }
    await recordAttempt(tx, deliveryId, record, 'pending');
    if (endpoint.failedLongEnough) {
      await pauseEndpoint(
        tx,
        delivery.endpoint.id,
        `endpoint paused: failing for ${PAUSE_AFTER_HOURS} hours`,
      );
      await notifyEndpointPaused(tx, { id: delivery.endpoint.id, ...endpoint });
      options.log?.warn({ endpoint: delivery.endpoint.id }, 'webhook endpoint paused');
      return 'paused';
    }
    if (await isOlderThan(tx, deliveryId, RETRY_HOURS)) {
      await recordAttempt(tx, deliveryId, record, 'failed');
      await finish(tx, job.id, `given up after ${RETRY_HOURS} hours: ${record.error}`);
      return 'failed';
    }
    await retryLater(tx, job, { error: record.error!, baseMs: options.retryBaseMs, random: options.random });
    return 'retry';
  });
  if (recorded) options.countOutcome?.(recorded);
}

async function processDelivery(db: Db, job: Job<WebhookDeliveryPayload>, options: DeliveryOptions) {
  const delivery = await loadDelivery(db, job.payload.deliveryId);
  if (delivery?.status !== 'pending' || !delivery.endpoint.active) {
    const cancelled = await db.transaction(async (tx) => {
      if (!(await relock(tx, job))) return false;
      if (delivery?.status === 'pending') await markDeliveryFailed(tx, delivery.id, 'endpoint turned off');
      await cancel(tx, job.id, delivery ? 'not pending, or the endpoint is off' : 'delivery gone');
      return true;
    });
    if (cancelled) options.countOutcome?.('cancelled');
    return;
  }
  const refusal = await deliveryRefusal(db, {
    ownerId: delivery.endpoint.ownerId,
    event: delivery.event,
  });
  if (refusal) {
    await db.transaction(async (tx) => {
      if (!(await relock(tx, job))) return;
      await refuseDelivery(tx, delivery.id, refusal);
      await cancel(tx, job.id, `not sent: ${refusal.code}`);
    });
    return;
  }
  const answer = await attempt(delivery, options);
  if (!isSuccess(answer)) {
    options.log?.info(
      { delivery: delivery.id, attempts: job.attempts, status: answer.status, error: answer.error },
      'webhook delivery failed',
    );
  }
  await recordOutcome(db, job, answer, options);
}

/**
 * One round of the delivery worker: claims due deliveries whose record has no earlier delivery
 * still under way (FOR UPDATE SKIP LOCKED, so instances share the work) and makes them side by
 * side. Returns how many were claimed.
 */
export async function processWebhookDeliveries(db: Db, options: DeliveryOptions): Promise<number> {
  return runQueue(
    db,
    webhookDeliveryQueue,
    // Longer than any attempt can take, so a live attempt is never claimed twice.
    { limit: BATCH, lockMs: options.timeoutMs + 60_000, log: options.log },
    (job) => processDelivery(db, job, options),
  );
}

/** The background work of webhooks, run by every instance's scheduler. */
export function webhookTasks(deps: Deps, log: FastifyBaseLogger): Task[] {
  const options = deliveryOptions(deps, log);
  return [
    { name: 'webhook-delivery', run: () => processWebhookDeliveries(deps.db, options) },
    {
      name: 'webhook-retention',
      run: () => forgetOldEvents(deps.db, webhooks.DELIVERY_LOG_DAYS),
      everyMs: 3_600_000,
    },
  ];
}
