import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Scheduler, startScheduler } from './scheduler';

const log = { error: vi.fn() } as never;
let scheduler: Scheduler | undefined;

afterEach(async () => {
  await scheduler?.stop();
  scheduler = undefined;
});

describe('scheduler', () => {
  it('runs each task in a loop of its own: a stalled task holds back no other', async () => {
    let release: () => void = () => {};
    const stalled = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const sends = vi.fn(async () => {});
    scheduler = startScheduler({
      intervalMs: 5,
      log,
      tasks: [
        { name: 'email-delivery', run: stalled },
        { name: 'wms-send', run: sends },
      ],
    });
    await expect.poll(() => sends.mock.calls.length).toBeGreaterThanOrEqual(5);
    // Never twice at once: the stalled task has not started again.
    expect(stalled).toHaveBeenCalledTimes(1);
    release();
    await expect.poll(() => stalled.mock.calls.length).toBeGreaterThanOrEqual(2);
    // stop waits for the run under way: let the second one end too.
    const stopping = scheduler!.stop();
    release();
    await stopping;
  });

  it('runs a task with everyMs at most that often', async () => {
    const often = vi.fn(async () => {});
    const hourly = vi.fn(async () => {});
    scheduler = startScheduler({
      intervalMs: 5,
      log,
      tasks: [
        { name: 'often', run: often },
        { name: 'hourly', run: hourly, everyMs: 3_600_000 },
      ],
    });
    await expect.poll(() => often.mock.calls.length).toBeGreaterThanOrEqual(4);
    expect(hourly).toHaveBeenCalledTimes(1);
  });

  it('runs a task with firstAfterMs first that long after the start, not at the first tick', async () => {
    const often = vi.fn(async () => {});
    const later = vi.fn(async () => {});
    scheduler = startScheduler({
      intervalMs: 5,
      log,
      tasks: [
        { name: 'often', run: often },
        { name: 'later', run: later, firstAfterMs: 3_600_000, everyMs: 5 },
      ],
    });
    await expect.poll(() => often.mock.calls.length).toBeGreaterThanOrEqual(4);
    expect(later).not.toHaveBeenCalled();
  });

  it('logs a failing task and keeps running it and the others', async () => {
    const error = vi.fn();
    const fine = vi.fn(async () => {});
    scheduler = startScheduler({
      intervalMs: 5,
      log: { error } as never,
      tasks: [
        {
          name: 'broken',
          run: async () => {
            throw new Error('boom');
          },
        },
        { name: 'fine', run: fine },
      ],
    });
    await expect.poll(() => error.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(fine.mock.calls.length).toBeGreaterThanOrEqual(1);
    expect(error.mock.calls[0]![0]).toMatchObject({ task: 'broken' });
  });

  it('runOnce runs every task once, in order, and stop waits for runs under way', async () => {
    const runs: string[] = [];
    scheduler = startScheduler({
      intervalMs: 3_600_000,
      log,
      tasks: [
        { name: 'a', run: async () => runs.push('a') },
        { name: 'b', run: async () => runs.push('b'), everyMs: 60_000 },
      ],
    });
    await scheduler.runOnce();
    expect(runs).toEqual(['a', 'b']);
  });
});
