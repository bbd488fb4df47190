import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../db/errors';

export interface Task {
  name: string;
  run(): Promise<unknown>;
  /** Housekeeping that need not run every tick: at most once in this many ms (per instance). */
  everyMs?: number;
  /** The first run this long after the start (default: the tick), not at once with the others. */
  firstAfterMs?: number;
}

export interface Scheduler {
  /** Runs every task once, one after another (for tests and tools). */
  runOnce(): Promise<void>;
  /** Stops every loop and waits for the runs under way. */
  stop(): Promise<void>;
}

/**
 * One loop per task: each runs its task, waits `everyMs` (or `intervalMs`) and runs it again,
 * never twice at once in one process. The loops do not wait for each other, so a stalled mail
 * server holds back only the emails, never the warehouse sends. Tasks claim their work in the
 * database (FOR UPDATE SKIP LOCKED), so several instances may run the same loops together.
 */
export function startScheduler(options: {
  intervalMs: number;
  log: FastifyBaseLogger;
  tasks: readonly Task[];
}): Scheduler {
  let stopped = false;
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();

  /** Tasks that failed because the database is away: said once, not at every tick of the outage. */
  const waiting = new Set<string>();
  const runTask = async (task: Task) => {
    try {
      await task.run();
      waiting.delete(task.name);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) {
        options.log.error({ err: error, task: task.name }, 'job failed');
      } else if (!waiting.has(task.name)) {
        waiting.add(task.name);
        options.log.warn(
          { task: task.name, error: (error as Error).message },
          'job waits for the database to come back',
        );
      }
    }
  };

  const loop = (task: Task, delayMs: number) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      const run = runTask(task).finally(() => {
        running.delete(run);
        loop(task, task.everyMs ?? options.intervalMs);
      });
      running.add(run);
    }, delayMs);
    timer.unref();
    timers.set(task.name, timer);
  };
  for (const task of options.tasks) loop(task, task.firstAfterMs ?? options.intervalMs);

  return {
    async runOnce() {
      for (const task of options.tasks) {
        if (stopped) break;
        await runTask(task);
      }
    },
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      await Promise.all(running);
    },
  };
}
