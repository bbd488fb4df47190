import { and, asc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Executor } from '../db/client';
import { jobs } from '../db/schema';

/**
 * The outbox: every piece of work that leaves the process (a warehouse send, an email, a
 * simulated warehouse report) is a row of `jobs`, written in the transaction of the change that
 * causes it, and done later by a worker of its queue. One live job per queue and key (a unique
 * index); claims are FOR UPDATE SKIP LOCKED, so any number of instances share the work.
 */
export interface Queue<P> {
  kind: string;
  /** Checked on every claim: a payload that no longer parses is cancelled, not run. */
  payload: z.ZodType<P>;
  /**
   * A claim whose lock ran out without an outcome (its instance died mid-way): true runs it
   * again (the work is idempotent, like a send with its idempotency key); false cancels it (an
   * email is better missed than sent twice).
   */
  rerunAfterCrash: boolean;
  /**
   * Jobs run in a chain: a payload's `after` names the key of the job of this queue that must
   * end (done or cancelled) before it is claimed, whatever their due times.
   */
  chained?: boolean;
}

const QUEUE_KINDS = new Set<string>();

export function defineQueue<P>(queue: Queue<P>): Queue<P> {
  QUEUE_KINDS.add(queue.kind);
  return queue;
}

export type JobRow = typeof jobs.$inferSelect;
export type Job<P> = Omit<JobRow, 'payload'> & { payload: P };

const live = and(isNull(jobs.doneAt), isNull(jobs.cancelledAt));

/**
 * Queues work inside the caller's transaction. A key that already has a live job keeps it (ON
 * CONFLICT DO NOTHING on the live-key index); answers the keys that were queued now.
 */
export async function enqueue<P>(
  tx: Executor,
  queue: Queue<P>,
  items: readonly { key: string; payload: P; delayMs?: number }[],
): Promise<string[]> {
  const queued: string[] = [];
  // A statement's parameters are bounded: a thousand jobs at a time.
  for (let i = 0; i < items.length; i += ENQUEUE_BATCH) {
    const rows = await tx
      .insert(jobs)
      .values(
        items.slice(i, i + ENQUEUE_BATCH).map((item) => ({
          kind: queue.kind,
          key: item.key,
          payload: queue.payload.parse(item.payload) as object,
          runAt: sql`now() + make_interval(secs => ${(item.delayMs ?? 0) / 1000})`,
        })),
      )
      .onConflictDoNothing({
        target: [jobs.kind, jobs.key],
        // The live-key index's own predicate, unqualified as PostgreSQL matches it.
        where: sql.raw('done_at is null and cancelled_at is null'),
      })
      .returning({ key: jobs.key });
    queued.push(...rows.map((row) => row.key));
  }
  return queued;
}

const ENQUEUE_BATCH = 1000;

/**
 * The live job of a key, if any; with `forUpdate`, locked for the caller's transaction, so a
 * worker claiming it at the same moment either has committed its claim (attempts > 0) or waits.
 */
export async function findLiveJob<P>(
  db: Executor,
  queue: Queue<P>,
  key: string,
  options: { forUpdate?: boolean } = {},
): Promise<Pick<JobRow, 'id' | 'attempts' | 'lockedUntil'> | undefined> {
  const query = db
    .select({ id: jobs.id, attempts: jobs.attempts, lockedUntil: jobs.lockedUntil })
    .from(jobs)
    .where(and(eq(jobs.kind, queue.kind), eq(jobs.key, key), live))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The keys of a queue that have had a job, live or ended (until retention forgets it). */
export async function knownKeys<P>(
  db: Executor,
  queue: Queue<P>,
  keys: readonly string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: jobs.key })
    .from(jobs)
    .where(and(eq(jobs.kind, queue.kind), inArray(jobs.key, [...keys])));
  return new Set(rows.map((row) => row.key));
}

/** Ends a key's live job that no worker has claimed yet (the work was done another way). */
export async function finishUnclaimed<P>(tx: Executor, queue: Queue<P>, key: string, note: string) {
  await tx
    .update(jobs)
    .set({ doneAt: sql`now()`, lastError: note })
    .where(and(eq(jobs.kind, queue.kind), eq(jobs.key, key), live, eq(jobs.attempts, 0)));
}

/**
 * Cancels the live jobs of a queue whose keys `keys` (a query answering text keys) selects. A job
 * a worker holds right now is skipped rather than waited for (waiting could deadlock with that
 * worker): its worker finds out when it records its outcome.
 */
export async function cancelLiveJobs<P>(tx: Executor, queue: Queue<P>, keys: SQL, reason: string) {
  await tx.execute(sql`
    update ${jobs} set cancelled_at = now(), locked_until = null, last_error = ${reason}
    where id in (select id from ${jobs}
      where kind = ${queue.kind} and done_at is null and cancelled_at is null and key in (${keys})
      for update skip locked)`);
}

/** Forgets the jobs of these queues that ended (done or cancelled) more than `days` ago. */
export async function forgetEndedJobs(db: Executor, queues: readonly Queue<unknown>[], days: number) {
  const rows = await db
    .delete(jobs)
    .where(
      and(
        inArray(
          jobs.kind,
          queues.map((queue) => queue.kind),
        ),
        // The expression of jobs_ended_idx.
        sql`coalesce(${jobs.doneAt}, ${jobs.cancelledAt}) < now() - make_interval(days => ${days})`,
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}

/**
 * One round of a queue's worker: claims its due jobs (FOR UPDATE SKIP LOCKED, so instances share
 * the work and never take the same job) and hands each to `work`, side by side or one at a time.
 * `work` records the outcome (finish, retryLater, cancel, after relock); a job whose work throws
 * is left locked and claimed again when its lock runs out. Answers how many jobs were claimed.
 */
export async function runQueue<P>(
  db: Executor,
  queue: Queue<P>,
  options: { limit: number; lockMs: number; oneAtATime?: boolean; log?: FastifyBaseLogger },
  work: (job: Job<P>) => Promise<void>,
): Promise<number> {
  const claimed = await claim(db, queue, options);
  const run = (job: Job<P>) =>
    work(job).catch((error: unknown) => {
      options.log?.error({ err: error, job: job.id, queue: queue.kind }, 'job outcome not recorded');
    });
  if (options.oneAtATime) {
    for (const job of claimed) await run(job);
  } else {
    await Promise.all(claimed.map(run));
  }
  return claimed.length;
}

/**
 * Claims up to `limit` due jobs of a queue for `lockMs`: locked and counted in a transaction of
 * its own, committed before any work, so every instance sees the claim at once.
 */
export async function claim<P>(
  db: Executor,
  queue: Queue<P>,
  options: { limit: number; lockMs: number },
): Promise<Job<P>[]> {
  if (!queue.rerunAfterCrash) {
    await db
      .update(jobs)
      .set({ cancelledAt: sql`now()`, lockedUntil: null, lastError: 'interrupted; not run again' })
      .where(and(eq(jobs.kind, queue.kind), live, lte(jobs.lockedUntil, sql`now()`)));
  }
  const claimed = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, queue.kind),
          live,
          lte(jobs.runAt, sql`now()`),
          or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, sql`now()`)),
          queue.chained ? notAfterLiveJob(queue) : undefined,
        ),
      )
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(options.limit)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return [];
    return tx
      .update(jobs)
      .set({
        lockedUntil: sql`now() + make_interval(secs => ${options.lockMs / 1000})`,
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(
        inArray(
          jobs.id,
          rows.map((row) => row.id),
        ),
      )
      .returning();
  });
  const valid: Job<P>[] = [];
  for (const job of claimed) {
    const payload = parsePayload(queue, job);
    if (payload.success) valid.push({ ...job, payload: payload.data });
    else await cancel(db, job.id, `payload does not parse: ${payload.error.message}`);
  }
  return valid;
}

/** The job its payload's `after` names is no longer live (through the live-key index). */
const notAfterLiveJob = (queue: Queue<unknown>) =>
  sql`not exists (select 1 from ${jobs} as earlier where earlier.kind = ${queue.kind}
    and earlier.key = ${sql.raw('"jobs"."payload"')} ->> 'after'
    and earlier.done_at is null and earlier.cancelled_at is null)`;

export function parsePayload<P>(queue: Queue<P>, job: Pick<JobRow, 'payload'>) {
  return queue.payload.safeParse(job.payload);
}

/**
 * Locks a claimed job again to record its outcome; undefined when it is no longer this claim's
 * (its lock ran out and another instance claimed it, so that one records the outcome).
 */
export async function relock(
  tx: Executor,
  job: Pick<JobRow, 'id' | 'attempts'>,
): Promise<JobRow | undefined> {
  const [row] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), live))
    .for('update');
  return row;
}

export async function finish(tx: Executor, jobId: number, note: string | null = null) {
  await tx
    .update(jobs)
    .set({ doneAt: sql`now()`, lockedUntil: null, lastError: note })
    .where(eq(jobs.id, jobId));
}

export async function cancel(tx: Executor, jobId: number, reason: string) {
  await tx
    .update(jobs)
    .set({ cancelledAt: sql`now()`, lockedUntil: null, lastError: reason.slice(0, 1000) })
    .where(eq(jobs.id, jobId));
}

/**
 * Puts a job back for another attempt: after the backoff of its attempts so far, or after
 * `delayMs` for work that waits on something else rather than failing (the simulator's early
 * reports).
 */
export async function retryLater(
  tx: Executor,
  job: Pick<JobRow, 'id' | 'attempts'>,
  options: { error: string } & ({ baseMs: number; random?: () => number } | { delayMs: number }),
) {
  const delayMs =
    'delayMs' in options ? options.delayMs : backoffMs(job.attempts, options.baseMs, options.random);
  await tx
    .update(jobs)
    .set({
      lockedUntil: null,
      lastError: options.error.slice(0, 1000),
      runAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
    })
    .where(eq(jobs.id, job.id));
}

/** The one backoff rule: base, 2 x base, 4 x base ... at most an hour, with up to 10 % jitter. */
export function backoffMs(attempts: number, baseMs: number, random: () => number = Math.random): number {
  const plain = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
  return Math.round(plain * (1 + random() * 0.1));
}

/** Live jobs of one queue by state: what the metrics report (http/metrics.ts). */
export interface QueueCounts {
  queue: string;
  /** May run now and no worker has it. */
  due: number;
  /** Claimed by a worker whose lock has not run out. */
  running: number;
  /** Waiting for another attempt after a failed one. */
  failed: number;
  /** How long the longest-waiting due job has been due, in seconds (0: none due). */
  oldestDueSeconds: number;
}

/**
 * Every queue defined, with its live jobs counted by state, in one grouped query over the live
 * jobs only (the partial index jobs_due_idx holds just those): cheap enough at every scrape.
 */
export async function countLiveJobs(db: Executor): Promise<QueueCounts[]> {
  const running = sql`${jobs.lockedUntil} is not null and ${jobs.lockedUntil} > now()`;
  const due = sql`not (${running}) and ${jobs.runAt} <= now()`;
  const rows = await db
    .select({
      queue: jobs.kind,
      due: sql<number>`(count(*) filter (where ${due}))::int`,
      running: sql<number>`(count(*) filter (where ${running}))::int`,
      failed: sql<number>`(count(*) filter (where not (${running}) and ${jobs.runAt} > now()
        and ${jobs.lastError} is not null))::int`,
      oldestDueSeconds: sql<number>`coalesce(extract(epoch from now() - min(${jobs.runAt}) filter (where ${due})), 0)::float8`,
    })
    .from(jobs)
    .where(live)
    .groupBy(jobs.kind);
  const counted = new Map(rows.map((row) => [row.queue, row]));
  const empty = (queue: string) => ({ queue, due: 0, running: 0, failed: 0, oldestDueSeconds: 0 });
  const queues = new Set([...QUEUE_KINDS, ...counted.keys()]);
  return [...queues].sort().map((queue) => counted.get(queue) ?? empty(queue));
}
