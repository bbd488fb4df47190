import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobs } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { backoffMs, cancel, claim, defineQueue, enqueue, finish, relock, retryLater } from './outbox';

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
