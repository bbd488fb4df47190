import type { webhooks as contract } from '@extranet/contract';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { companyCondition } from '../../access/tenancy';
import type { Executor } from '../../db/client';
import {
  comments,
  companies,
  discussions,
  notifications,
  userNotificationTypes,
  users,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../db/schema';
import { pageWindow, totalOf } from '../../http/lists';
import type { Actor } from '../../http/session';
import { cancelLiveJobs, enqueue, forgetEndedJobs } from '../../jobs/outbox';
import { deliveryJobKey, webhookDeliveryQueue } from './webhooks.outbox';

// ---------------------------------------------------------------- endpoints

const endpointColumns = {
  endpoint_id: webhookEndpoints.id,
  company: { company_id: companies.id, name: companies.name },
  url: webhookEndpoints.url,
  events: sql<contract.WebhookEventType[]>`${webhookEndpoints.events}`,
  status: sql<contract.EndpointStatus>`case when ${webhookEndpoints.active} then 'active'
    when ${webhookEndpoints.pausedAt} is not null then 'paused' else 'off' end`,
  paused_at: webhookEndpoints.pausedAt,
  failing_since: webhookEndpoints.failingSince,
  owner: sql<{
    user_id: number;
    username: string;
  } | null>`(select json_build_object('user_id', u.id, 'username', u.username)
    from ${users} u where u.id = ${webhookEndpoints.ownerId})`,
  creation_date: webhookEndpoints.creationDate,
};

export async function listEndpoints(db: Executor, actor: Actor, query: contract.ListEndpointsRequest) {
  const window = pageWindow(query);
  const where = and(
    companyCondition(actor, webhookEndpoints.companyId),
    query.filters.company_id === undefined
      ? undefined
      : eq(webhookEndpoints.companyId, query.filters.company_id),
    query.filters.endpoint_id === undefined ? undefined : eq(webhookEndpoints.id, query.filters.endpoint_id),
  );
  // Ids grow with creation: the id orders as the creation date does, and the indexes serve it.
  const order =
    query.ordering === 'creation_date' ? sql`${webhookEndpoints.id} asc` : desc(webhookEndpoints.id);
  const rows = await db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .innerJoin(companies, eq(companies.id, webhookEndpoints.companyId))
    .where(where)
    .orderBy(order)
    .limit(window.limit)
    .offset(window.offset);
  const total = await totalOf(query, () => db.select({ value: count() }).from(webhookEndpoints).where(where));
  return { rows, total };
}

/** An endpoint of one of the actor's companies; undefined for a missing one and another company's alike. */
export async function findEndpoint(db: Executor, actor: Actor, endpointId: number, forUpdate = false) {
  const query = db
    .select({
      id: webhookEndpoints.id,
      companyId: webhookEndpoints.companyId,
      url: webhookEndpoints.url,
      events: sql<contract.WebhookEventType[]>`${webhookEndpoints.events}`,
      active: webhookEndpoints.active,
    })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), companyCondition(actor, webhookEndpoints.companyId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertEndpoint(db: Executor, values: typeof webhookEndpoints.$inferInsert) {
  const [row] = await db.insert(webhookEndpoints).values(values).returning({ id: webhookEndpoints.id });
  return row!.id;
}

export async function updateEndpoint(
  db: Executor,
  endpointId: number,
  values: Partial<typeof webhookEndpoints.$inferInsert>,
) {
  await db.update(webhookEndpoints).set(values).where(eq(webhookEndpoints.id, endpointId));
}

/** Its deliveries not yet made are dropped with it: their jobs are cancelled first. */
export async function deleteEndpoint(db: Executor, endpointId: number) {
  await cancelPendingJobs(db, sql`${webhookDeliveries.endpointId} = ${endpointId}`, 'endpoint deleted');
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
}

/**
 * Cancels the live jobs of the pending deliveries `where` selects. A job a worker holds right now
 * is skipped rather than waited for (waiting could deadlock with that worker, which waits for the
 * endpoint): its worker finds the endpoint off or gone when it records the attempt.
 */
async function cancelPendingJobs(db: Executor, where: SQL, reason: string) {
  await cancelLiveJobs(
    db,
    webhookDeliveryQueue,
    sql`select ${webhookDeliveries.id}::text from ${webhookDeliveries}
      where ${where} and ${webhookDeliveries.status} = 'pending'`,
    reason,
  );
}

// ---------------------------------------------------------------- deliveries

export async function listDeliveries(
  db: Executor,
  endpointId: number,
  query: contract.ListDeliveriesRequest,
  logDays: number,
) {
  const window = pageWindow(query);
  const where = and(
    eq(webhookDeliveries.endpointId, endpointId),
    sql`${webhookDeliveries.creationDate} > now() - make_interval(days => ${logDays})`,
    query.filters.status === undefined ? undefined : eq(webhookDeliveries.status, query.filters.status),
  );
  const direction = query.ordering === 'creation_date' ? sql`asc` : sql`desc`;
  const rows = await db
    .select({
      delivery_id: webhookDeliveries.id,
      event_id: webhookDeliveries.eventId,
      type: sql<contract.WebhookEventType>`${webhookEvents.type}`,
      status: sql<contract.DeliveryStatus>`${webhookDeliveries.status}`,
      attempts: webhookDeliveries.attempts,
      response_code: webhookDeliveries.responseCode,
      duration_ms: webhookDeliveries.durationMs,
      error: webhookDeliveries.error,
      refusal: sql<contract.DeliveryRefusal | null>`${webhookDeliveries.refusal}`,
      creation_date: webhookDeliveries.creationDate,
      last_attempt: webhookDeliveries.lastAttemptAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(where)
    .orderBy(sql`${webhookDeliveries.creationDate} ${direction}`, sql`${webhookDeliveries.id} ${direction}`)
    .limit(window.limit)
    .offset(window.offset);
  const total = await totalOf(query, () =>
    db.select({ value: count() }).from(webhookDeliveries).where(where),
  );
  return { rows, total };
}

/** A delivery of an endpoint of one of the actor's companies. */
export async function findDelivery(db: Executor, actor: Actor, deliveryId: number) {
  const [row] = await db
    .select({
      id: webhookDeliveries.id,
      endpointId: webhookDeliveries.endpointId,
      eventId: webhookDeliveries.eventId,
      recordKey: webhookDeliveries.recordKey,
      status: webhookDeliveries.status,
      endpointActive: webhookEndpoints.active,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, deliveryId), companyCondition(actor, webhookEndpoints.companyId)));
  return row;
}

/** Active endpoints of the company `company` names that want `type`. */
export async function subscribedEndpoints(
  db: Executor,
  company: number | SQL,
  type: contract.WebhookEventType,
) {
  return db
    .select({ id: webhookEndpoints.id, companyId: webhookEndpoints.companyId })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.companyId, typeof company === 'number' ? company : sql`(${company})`),
        eq(webhookEndpoints.active, true),
        sql`${type} = any(${webhookEndpoints.events})`,
      ),
    );
}

export async function insertEvents(db: Executor, values: (typeof webhookEvents.$inferInsert)[]) {
  if (values.length) await db.insert(webhookEvents).values(values);
}

/**
 * Queues deliveries, each after the latest delivery of the same record to the same endpoint. The
 * records are locked (transaction-level advisory locks, in one order) first, so two transactions
 * about one record cannot both chain after the same delivery.
 */
export async function queueDeliveries(
  db: Executor,
  items: readonly { endpointId: number; eventId: string; recordKey: string }[],
): Promise<number[]> {
  if (items.length === 0) return [];
  const recordKeys = [...new Set(items.map((item) => item.recordKey))].sort();
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext('webhook:' || key)) from unnest(${sql.param(recordKeys)}::text[]) as key order by key`,
  );
  const endpointIds = [...new Set(items.map((item) => item.endpointId))];
  const latest = await db
    .select({
      endpointId: webhookDeliveries.endpointId,
      recordKey: webhookDeliveries.recordKey,
      id: sql<number>`max(${webhookDeliveries.id})`,
    })
    .from(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.endpointId, endpointIds),
        inArray(webhookDeliveries.recordKey, recordKeys),
      ),
    )
    .groupBy(webhookDeliveries.endpointId, webhookDeliveries.recordKey);
  const before = new Map(latest.map((row) => [`${row.endpointId} ${row.recordKey}`, row.id]));
  const rows = await db
    .insert(webhookDeliveries)
    .values(items.map((item) => ({ ...item })))
    .returning({
      id: webhookDeliveries.id,
      endpointId: webhookDeliveries.endpointId,
      recordKey: webhookDeliveries.recordKey,
    });
  await enqueue(
    db,
    webhookDeliveryQueue,
    rows
      .sort((a, b) => a.id - b.id)
      .map((row) => {
        const chain = `${row.endpointId} ${row.recordKey}`;
        const after = before.get(chain);
        before.set(chain, row.id);
        return {
          key: deliveryJobKey(row.id),
          payload: { deliveryId: row.id, after: after === undefined ? null : deliveryJobKey(after) },
        };
      }),
  );
  return rows.map((row) => row.id);
}

/** A delivery with what sending it needs: its endpoint and its event. */
export async function loadDelivery(db: Executor, deliveryId: number) {
  const [row] = await db
    .select({
      id: webhookDeliveries.id,
      status: webhookDeliveries.status,
      creationDate: webhookDeliveries.creationDate,
      endpoint: {
        id: webhookEndpoints.id,
        url: webhookEndpoints.url,
        secret: webhookEndpoints.secret,
        active: webhookEndpoints.active,
        ownerId: webhookEndpoints.ownerId,
      },
      event: {
        id: webhookEvents.id,
        type: webhookEvents.type,
        companyId: webhookEvents.companyId,
        data: webhookEvents.data,
        creationDate: webhookEvents.creationDate,
      },
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row;
}

export interface AttemptRecord {
  attempts: number;
  responseCode: number | null;
  durationMs: number;
  error: string | null;
}

export async function recordAttempt(
  db: Executor,
  deliveryId: number,
  attempt: AttemptRecord,
  status: contract.DeliveryStatus,
) {
  await db
    .update(webhookDeliveries)
    .set({ ...attempt, status, lastAttemptAt: sql`now()` })
    .where(eq(webhookDeliveries.id, deliveryId));
}

export async function markDeliveryFailed(db: Executor, deliveryId: number, error: string) {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', error })
    .where(eq(webhookDeliveries.id, deliveryId));
}

/** Not sent, and never tried: its endpoint's owner may not (or no longer) read the event. */
export async function refuseDelivery(db: Executor, deliveryId: number, refusal: contract.DeliveryRefusal) {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', refusal, lastAttemptAt: sql`now()` })
    .where(eq(webhookDeliveries.id, deliveryId));
}

/** The delivery was made longer ago than `hours`: its retries are over. */
export async function isOlderThan(db: Executor, deliveryId: number, hours: number) {
  const [row] = await db
    .select({
      old: sql<boolean>`${webhookDeliveries.creationDate} <= now() - make_interval(hours => ${hours})`,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, deliveryId));
  return row?.old ?? false;
}

export async function markEndpointAnswering(db: Executor, endpointId: number) {
  await db
    .update(webhookEndpoints)
    .set({ failingSince: null })
    .where(and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.failingSince} is not null`));
}

/**
 * Notes a failed attempt on the endpoint (from when it has been failing) and answers whether it
 * has failed for `hours` by now; the endpoint row is locked for the rest of the transaction.
 */
export async function markEndpointFailing(db: Executor, endpointId: number, hours: number) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({
      companyId: webhookEndpoints.companyId,
      url: webhookEndpoints.url,
      ownerId: webhookEndpoints.ownerId,
      discussionId: webhookEndpoints.discussionId,
      active: webhookEndpoints.active,
      failedLongEnough: sql<boolean>`${webhookEndpoints.failingSince} <= now() - make_interval(hours => ${hours})`,
    });
  return row;
}

/** Pauses an endpoint: off, its pending deliveries given up and their jobs cancelled. */
export async function pauseEndpoint(db: Executor, endpointId: number, reason: string) {
  await db
    .update(webhookEndpoints)
    .set({ active: false, pausedAt: sql`now()` })
    .where(eq(webhookEndpoints.id, endpointId));
  await cancelPendingJobs(db, sql`${webhookDeliveries.endpointId} = ${endpointId}`, reason);
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', error: reason })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
}

/**
 * Tells the endpoint's owner it was paused: a system comment in the owner's private thread about
 * the endpoint (made on the first notice), and a notification if the owner takes private ones.
 */
export async function notifyEndpointPaused(
  db: Executor,
  endpoint: {
    id: number;
    companyId: number;
    url: string;
    ownerId: number | null;
    discussionId: number | null;
  },
) {
  if (endpoint.ownerId === null) return;
  let discussionId = endpoint.discussionId;
  if (discussionId === null) {
    const [row] = await db
      .insert(discussions)
      .values({
        companyId: endpoint.companyId,
        name: endpoint.url.slice(0, 200),
        visibility: 'private',
        authorId: endpoint.ownerId,
      })
      .returning({ id: discussions.id });
    discussionId = row!.id;
    await updateEndpoint(db, endpoint.id, { discussionId });
  }
  const [comment] = await db
    .insert(comments)
    .values({
      discussionId,
      userId: null,
      text: null,
      dict: { code: 'webhook_endpoint_paused', url: endpoint.url },
    })
    .returning({ id: comments.id });
  await db.update(discussions).set({ modificationDate: sql`now()` }).where(eq(discussions.id, discussionId));
  await db.execute(sql`
    insert into ${notifications} (user_id, comment_id, ntfy_type)
    select u.id, ${comment!.id}, 'prvt' from ${users} u
    where u.id = ${endpoint.ownerId} and u.excluded = false
      and exists (select 1 from ${userNotificationTypes} un where un.user_id = u.id and un.ntfy_id = 'prvt')`);
}

/** Events (with their deliveries) older than the log keeps, and delivery jobs that ended as long ago. */
export async function forgetOldEvents(db: Executor, days: number) {
  const before = sql`now() - make_interval(days => ${days})`;
  await db.delete(webhookEvents).where(sql`${webhookEvents.creationDate} < ${before}`);
  await forgetEndedJobs(db, [webhookDeliveryQueue], days);
}
