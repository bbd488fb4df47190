import { afterEach, describe, expect, it, vi } from 'vitest';
import { startScheduler } from './scheduler';

const log = { error: vi.fn() } as never;

afterEach(() => {
  vi.useRealTimers();
});

describe('scheduler', () => {
  it('runs every task each tick, and a task with everyMs at most that often', async () => {
    vi.useFakeTimers();
    const runs: string[] = [];
    const scheduler = startScheduler({
      intervalMs: 3_600_000,
      log,
      tasks: [
        { name: 'often', run: async () => runs.push('often') },
        { name: 'hourly', run: async () => runs.push('hourly'), everyMs: 60_000 },
      ],
    });
    await scheduler.runOnce();
    await scheduler.runOnce();
    expect(runs).toEqual(['often', 'hourly', 'often']);
    vi.setSystemTime(Date.now() + 60_000);
    await scheduler.runOnce();
    expect(runs.slice(3)).toEqual(['often', 'hourly']);
    await scheduler.stop();
  });

  it('goes on with the other tasks when one fails', async () => {
    const runs: string[] = [];
    const error = vi.fn();
    const scheduler = startScheduler({
      intervalMs: 3_600_000,
      log: { error } as never,
      tasks: [
        {
          name: 'broken',
          run: async () => {
            throw new Error('boom');
          },
        },
        { name: 'fine', run: async () => runs.push('fine') },
      ],
    });
    await scheduler.runOnce();
    expect(runs).toEqual(['fine']);
    expect(error).toHaveBeenCalledTimes(1);
    await scheduler.stop();
  });
});
