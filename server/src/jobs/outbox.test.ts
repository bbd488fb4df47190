import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobs } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import {
  backoffMs,
  cancel,
  cancelLiveJobs,
  claim,
  defineQueue,
  enqueue,
  findLiveJob,
  finish,
  finishUnclaimed,
  forgetEndedJobs,
  knownKeys,
  relock,
  retryLater,
  runQueue,
} from './outbox';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

const db = () => app.deps.db;
const Payload = z.object({ n: z.int() });
let queues = 0;
/** A queue of its own per test, so tests never see each other's jobs. */
const newQueue = (rerunAfterCrash = true) =>
  defineQueue({ kind: `test-${++queues}`, payload: Payload, rerunAfterCrash });

const rowsOf = (kind: string) => db().select().from(jobs).where(eq(jobs.kind, kind)).orderBy(jobs.id);

describe('the outbox', () => {
  it('keeps one live job per key, also when enqueued side by side; a new one once it ended', async () => {
    const queue = newQueue();
    const queued = await Promise.all(
      Array.from({ length: 5 }, (_, n) => enqueue(db(), queue, [{ key: 'order:1', payload: { n } }])),
    );
    expect(queued.flat()).toEqual(['order:1']);
    const [job] = await claim(db(), queue, { limit: 10, lockMs: 60_000 });
    await finish(db(), job!.id);
    expect(await enqueue(db(), queue, [{ key: 'order:1', payload: { n: 9 } }])).toEqual(['order:1']);
    expect((await rowsOf(queue.kind)).map((row) => row.doneAt === null)).toEqual([false, true]);
  });

  it('refuses to queue a payload its queue does not take', async () => {
    const queue = newQueue();
    await expect(enqueue(db(), queue, [{ key: 'k', payload: { n: 'x' } as never }])).rejects.toThrow();
    expect(await rowsOf(queue.kind)).toEqual([]);
  });

  it('claims only due, unlocked jobs, counts the attempt, and parses the payload', async () => {
    const queue = newQueue();
    await enqueue(db(), queue, [
      { key: 'now', payload: { n: 1 } },
      { key: 'later', payload: { n: 2 }, delayMs: 60_000 },
    ]);
    const claimed = await claim(db(), queue, { limit: 10, lockMs: 60_000 });
    expect(claimed.map((job) => [job.key, job.payload, job.attempts])).toEqual([['now', { n: 1 }, 1]]);
    expect(await claim(db(), queue, { limit: 10, lockMs: 60_000 })).toEqual([]);
  });

  it('cancels a job whose stored payload no longer parses instead of running it', async () => {
    const queue = newQueue();
    await db()
      .insert(jobs)
      .values({ kind: queue.kind, key: 'old', payload: { n: 'not a number' } });
    expect(await claim(db(), queue, { limit: 10, lockMs: 60_000 })).toEqual([]);
    const [row] = await rowsOf(queue.kind);
    expect(row!.cancelledAt).not.toBeNull();
    expect(row!.lastError).toMatch(/payload does not parse/);
  });

  it('runs a crashed claim again, or cancels it, as its queue says', async () => {
    for (const rerunAfterCrash of [true, false]) {
      const queue = newQueue(rerunAfterCrash);
      await enqueue(db(), queue, [{ key: 'k', payload: { n: 1 } }]);
      const [first] = await claim(db(), queue, { limit: 1, lockMs: 60_000 });
      await db()
        .update(jobs)
        .set({ lockedUntil: sql`now() - interval '1 second'` })
        .where(eq(jobs.id, first!.id));
      const again = await claim(db(), queue, { limit: 1, lockMs: 60_000 });
      const [row] = await rowsOf(queue.kind);
      if (rerunAfterCrash) {
        expect(again.map((job) => job.attempts)).toEqual([2]);
        // The first claim's outcome is no longer its to record.
        expect(await relock(db(), first!)).toBeUndefined();
      } else {
        expect(again).toEqual([]);
        expect(row!.cancelledAt).not.toBeNull();
      }
    }
  });

  it('retries after the backoff of the attempts so far, and cancels with the reason', async () => {
    const queue = newQueue();
    await enqueue(db(), queue, [{ key: 'k', payload: { n: 1 } }]);
    const [job] = await claim(db(), queue, { limit: 1, lockMs: 60_000 });
    await retryLater(db(), job!, { error: 'timed out', baseMs: 120_000, random: () => 0 });
    const [row] = await db()
      .select({
        lastError: jobs.lastError,
        lockedUntil: jobs.lockedUntil,
        inSeconds: sql<number>`extract(epoch from ${jobs.runAt} - now())::float`,
      })
      .from(jobs)
      .where(and(eq(jobs.kind, queue.kind)));
    expect(row).toMatchObject({ lastError: 'timed out', lockedUntil: null });
    expect(row!.inSeconds).toBeGreaterThan(100);
    expect(row!.inSeconds).toBeLessThanOrEqual(120);
    await cancel(db(), job!.id, 'gave up');
    expect(await claim(db(), queue, { limit: 1, lockMs: 60_000 })).toEqual([]);
  });

  it('backs off exponentially up to an hour, with at most 10 % jitter', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 5_000, () => 0))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(backoffMs(30, 5_000, () => 0)).toBe(3_600_000);
    expect(backoffMs(1, 5_000, () => 0.999)).toBe(5_500);
  });
});

describe('what the outbox offers the modules', () => {
  it("finds a key's live job, and ends it only while no worker has claimed it", async () => {
    const queue = newQueue();
    await enqueue(db(), queue, [{ key: 'a', payload: { n: 1 } }]);
    expect(await findLiveJob(db(), queue, 'a')).toMatchObject({ attempts: 0 });
    expect(await findLiveJob(db(), queue, 'b')).toBeUndefined();
    await claim(db(), queue, { limit: 1, lockMs: 60_000 });
    await finishUnclaimed(db(), queue, 'a', 'answered by itself');
    expect(await findLiveJob(db(), queue, 'a')).toMatchObject({ attempts: 1 });

    await enqueue(db(), queue, [{ key: 'c', payload: { n: 2 } }]);
    await finishUnclaimed(db(), queue, 'c', 'answered by itself');
    expect(await findLiveJob(db(), queue, 'c')).toBeUndefined();
    expect((await rowsOf(queue.kind)).find((row) => row.key === 'c')?.lastError).toBe('answered by itself');
  });

  it('knows keys that had a job, ended ones included, of its own queue only', async () => {
    const queue = newQueue();
    const other = newQueue();
    await enqueue(db(), queue, [{ key: 'x', payload: { n: 1 } }]);
    await enqueue(db(), other, [{ key: 'y', payload: { n: 1 } }]);
    const [job] = await claim(db(), queue, { limit: 1, lockMs: 60_000 });
    await finish(db(), job!.id);
    expect([...(await knownKeys(db(), queue, ['x', 'y', 'z']))]).toEqual(['x']);
  });

  it('queues a chain in batches and runs each link only after the one before it', async () => {
    const queue = defineQueue({
      kind: `test-${++queues}`,
      payload: z.object({ n: z.int(), after: z.string().nullable() }),
      rerunAfterCrash: true,
      chained: true,
    });
    const items = Array.from({ length: 1500 }, (_, n) => ({
      key: `k${n}`,
      payload: { n, after: n % 500 === 0 ? null : `k${n - 1}` },
    }));
    expect(await enqueue(db(), queue, items)).toHaveLength(1500);
    const seen: number[] = [];
    const claimed = await runQueue(db(), queue, { limit: 100, lockMs: 60_000 }, async (job) => {
      seen.push(job.payload.n);
      await finish(db(), job.id);
    });
    // The heads of the three chains only: their next links wait for them to end.
    expect(claimed).toBe(3);
    expect(seen.sort((a, b) => a - b)).toEqual([0, 500, 1000]);
  });

  it('leaves a job whose work throws locked, and goes on with the others', async () => {
    const queue = newQueue();
    await enqueue(db(), queue, [
      { key: 'bad', payload: { n: 1 } },
      { key: 'good', payload: { n: 2 } },
    ]);
    const claimed = await runQueue(
      db(),
      queue,
      { limit: 10, lockMs: 60_000, oneAtATime: true },
      async (job) => {
        if (job.key === 'bad') throw new Error('boom');
        await finish(db(), job.id);
      },
    );
    expect(claimed).toBe(2);
    const rows = await rowsOf(queue.kind);
    expect(rows.map((row) => [row.key, row.doneAt !== null, row.lockedUntil !== null])).toEqual([
      ['bad', false, true],
      ['good', true, false],
    ]);
  });

  it('cancels the live jobs a query names, skipping none that are free', async () => {
    const queue = newQueue();
    await enqueue(db(), queue, [
      { key: '1', payload: { n: 1 } },
      { key: '2', payload: { n: 2 } },
    ]);
    await cancelLiveJobs(db(), queue, sql`select '1'`, 'gone');
    const rows = await rowsOf(queue.kind);
    expect(rows.map((row) => [row.key, row.cancelledAt !== null, row.lastError])).toEqual([
      ['1', true, 'gone'],
      ['2', false, null],
    ]);
  });

  it('forgets ended jobs of the queues named once they are old enough, never live ones', async () => {
    const queue = newQueue();
    await enqueue(db(), queue, [
      { key: 'old', payload: { n: 1 } },
      { key: 'live', payload: { n: 2 } },
    ]);
    const [old] = await rowsOf(queue.kind);
    await cancel(db(), old!.id, 'over');
    expect(await forgetEndedJobs(db(), [queue], 1)).toBe(0);
    await db()
      .update(jobs)
      .set({ cancelledAt: sql`now() - interval '2 days'` })
      .where(and(eq(jobs.kind, queue.kind), eq(jobs.key, 'old')));
    expect(await forgetEndedJobs(db(), [queue], 1)).toBe(1);
    expect((await rowsOf(queue.kind)).map((row) => row.key)).toEqual(['live']);
  });

  it('retries after a fixed delay when asked to wait rather than back off', async () => {
    const queue = newQueue();
    await enqueue(db(), queue, [{ key: 'w', payload: { n: 1 } }]);
    const [job] = await claim(db(), queue, { limit: 1, lockMs: 60_000 });
    await retryLater(db(), job!, { error: 'too early', delayMs: 5_000 });
    const [row] = await db()
      .select({
        waits: sql<boolean>`${jobs.runAt} between now() + interval '4 seconds' and now() + interval '6 seconds'`,
      })
      .from(jobs)
      .where(eq(jobs.id, job!.id));
    expect(row?.waits).toBe(true);
  });
});
