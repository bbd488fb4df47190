import type { FastifyBaseLogger } from 'fastify';

export interface Task {
  name: string;
  run(): Promise<unknown>;
  /** Housekeeping that need not run every tick: at most once in this many ms (per instance). */
  everyMs?: number;
}

export interface Scheduler {
  /** Runs every task once, one after another (what each tick does). */
  runOnce(): Promise<void>;
  /** Stops ticking and waits for a tick under way. */
  stop(): Promise<void>;
}

/**
 * Runs the tasks every `intervalMs`, never two ticks at once in one process. Tasks claim their
 * work in the database (FOR UPDATE SKIP LOCKED), so several instances may tick together.
 */
export function startScheduler(options: {
  intervalMs: number;
  log: FastifyBaseLogger;
  tasks: readonly Task[];
}): Scheduler {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const lastRun = new Map<string, number>();

  const runOnce = async () => {
    for (const task of options.tasks) {
      if (stopped) break;
      const last = lastRun.get(task.name);
      if (task.everyMs !== undefined && last !== undefined && Date.now() - last < task.everyMs) continue;
      lastRun.set(task.name, Date.now());
      try {
        await task.run();
      } catch (error) {
        options.log.error({ err: error, task: task.name }, 'job failed');
      }
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce().finally(() => {
        running = undefined;
        schedule();
      });
    }, options.intervalMs);
    timer.unref();
  };
  schedule();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
