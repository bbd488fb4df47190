import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Duplex } from 'node:stream';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import type pg from 'pg';
import type { Logger } from 'pino';
import { DatabaseBusyError, isConnectTimeout } from './errors';
import { type ConnectCallback, LendingPool } from './lending-pool';

const WORKER = new URL('./pglite-worker.mjs', import.meta.url);

/**
 * PostgreSQL's WebAssembly, compiled once per process: each database's thread gets the compiled
 * module (threads share it) instead of compiling its 9 MB again, which a test file's database
 * would otherwise pay at every start.
 */
const require = createRequire(import.meta.url);
type CompiledModule = object;
/** The WebAssembly global, which this project's type settings leave out. */
const wasm = (
  globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<CompiledModule> } }
).WebAssembly;
let compiled: Promise<CompiledModule> | undefined;
function compiledPostgres(): Promise<CompiledModule> {
  compiled ??= readFile(path.join(path.dirname(require.resolve('@electric-sql/pglite')), 'pglite.wasm')).then(
    (bytes) => wasm.compile(bytes),
  );
  return compiled;
}

/**
 * The embedded database in a worker thread of its own (pglite-worker.mjs), reached with the `pg`
 * driver as PostgreSQL is: each connection is a MessagePort carrying the wire protocol.
 */
export interface EmbeddedDatabase {
  /** A `pg` client or pool configuration whose connections go to the worker. */
  connectionConfig: pg.ClientConfig;
  close(): Promise<void>;
}

type WorkerMessage = { type: 'ready' | 'closed' } | { type: 'failed' | 'error'; message: string };

/**
 * The thread of a closed database, kept (not holding the process open) for the next one to open
 * in this process: the test files of a test worker each open one, and a thread's start (Node's
 * own, then PGlite's module) is a noticeable part of a database's.
 */
let spare: Worker | undefined;

function takeThread(): Worker {
  const worker = spare ?? new Worker(WORKER);
  spare = undefined;
  worker.ref();
  return worker;
}

function keepThread(worker: Worker): Promise<void> | undefined {
  if (spare) return worker.terminate().then(() => {});
  worker.unref();
  spare = worker;
  worker.once('exit', () => {
    if (spare === worker) spare = undefined;
  });
  return undefined;
}

export async function startEmbeddedDatabase(options: {
  dir?: string;
  log?: Partial<Pick<Logger, 'warn'>>;
}): Promise<EmbeddedDatabase> {
  const wasmModule = await compiledPostgres();
  const worker = takeThread();
  let closed: (() => void) | undefined;
  let exited = false;
  let opened: { resolve(): void; reject(error: Error): void } | undefined;
  const onMessage = (message: WorkerMessage) => {
    if (message.type === 'ready') opened?.resolve();
    else if (message.type === 'failed')
      opened?.reject(new Error(`the embedded database did not open: ${message.message}`));
    else if (message.type === 'error')
      options.log?.warn?.(
        { error: message.message },
        'the embedded database dropped a connection on an error',
      );
    else if (message.type === 'closed') closed?.();
  };
  const onError = (error: Error) => {
    if (opened) return opened.reject(error);
    // The database is gone with its thread: the process stops, and its next start recovers the
    // files as after a kill.
    process.nextTick(() => {
      throw new Error("the embedded database's thread failed", { cause: error });
    });
  };
  const onExit = (code: number) => {
    exited = true;
    opened?.reject(new Error(`the embedded database's thread exited (${code})`));
    closed?.();
  };
  worker.on('message', onMessage);
  worker.on('error', onError);
  worker.on('exit', onExit);
  const detach = () => {
    worker.off('message', onMessage);
    worker.off('error', onError);
    worker.off('exit', onExit);
  };
  try {
    await new Promise<void>((resolve, reject) => {
      opened = { resolve, reject };
      worker.postMessage({ type: 'open', dir: options.dir, wasmModule });
    });
  } catch (error) {
    detach();
    await worker.terminate();
    throw error;
  }
  opened = undefined;

  return {
    connectionConfig: {
      user: 'postgres',
      database: 'postgres',
      stream: () => {
        const { port1, port2 } = new MessageChannel();
        worker.postMessage({ type: 'connect', port: port2 }, [port2]);
        return new PortStream(port1) as unknown as import('node:net').Socket;
      },
    },
    close: async () => {
      if (exited) return;
      // PGlite closes cleanly (its files flushed); then the thread waits for the next database.
      await new Promise<void>((resolve) => {
        closed = resolve;
        worker.postMessage({ type: 'close' });
      });
      detach();
      if (!exited) await keepThread(worker);
    },
  };
}

/**
 * One connection to the worker as the socket `pg` expects: what `pg` writes in one turn of the
 * event loop goes as one message (a statement's Parse, Bind, Execute and Sync together).
 */
class PortStream extends Duplex {
  #pending: Buffer[] = [];

  constructor(readonly port: MessagePort) {
    super();
    port.on('message', (bytes: ArrayBuffer) => this.push(Buffer.from(bytes)));
    port.on('close', () => this.push(null));
  }

  connect(): this {
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    this.port.ref();
    return this;
  }

  unref(): this {
    this.port.unref();
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.#pending.push(chunk) === 1) queueMicrotask(() => this.#flush());
    callback();
  }

  #flush(): void {
    if (this.#pending.length === 0) return;
    const all = Buffer.concat(this.#pending);
    this.#pending = [];
    const bytes = all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer;
    this.port.postMessage(bytes, [bytes]);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.#flush();
    this.port.close();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#flush();
    this.port.close();
    callback(error);
  }
}

/** A query that waited this long for the embedded database counts as held up. */
const SLOW_WAIT_MS = 200;
/** At most one warning in this time. */
const WARN_EVERY_MS = 5 * 60_000;

/**
 * The pool of the embedded database's one connection. It times how long each query waits for the
 * database, and says in the log (at most every five minutes) when requests keep waiting on it:
 * then the embedded database is not meant for the load it sees.
 */
export class WaitingPool extends LendingPool {
  #log: Partial<Pick<Logger, 'warn'>> | undefined;
  #lastWarning = Number.NEGATIVE_INFINITY;
  #slow = 0;
  #refused = 0;
  #longest = 0;
  #watching = false;
  readonly #waitListeners = new Set<(seconds: number) => void>();

  constructor(config: pg.PoolConfig, log?: Partial<Pick<Logger, 'warn'>>) {
    super(config);
    this.#log = log;
  }

  /**
   * From now on (the start done: its connection made, migrations applied) a query waits at most
   * `budgetMs` (0: as long as it takes), and long waits are told in the log.
   */
  watch(budgetMs: number): void {
    if (budgetMs > 0) this.options.connectionTimeoutMillis = budgetMs;
    this.#watching = true;
  }

  /** Tells `listener` how long each query waited for the database, once the start is done. */
  observeWaits(listener: (seconds: number) => void): () => void {
    this.#waitListeners.add(listener);
    return () => this.#waitListeners.delete(listener);
  }

  #waited(started: number, refused: boolean): void {
    if (!this.#watching) return;
    const waited = performance.now() - started;
    for (const listener of this.#waitListeners) listener(waited / 1000);
    if (waited < SLOW_WAIT_MS && !refused) return;
    this.#slow++;
    if (refused) this.#refused++;
    this.#longest = Math.max(this.#longest, waited);
    const now = performance.now();
    if (now - this.#lastWarning < WARN_EVERY_MS) return;
    this.#log?.warn?.(
      {
        heldUp: this.#slow,
        refused: this.#refused,
        longestWaitMs: Math.round(this.#longest),
        sinceMinutes: Number.isFinite(this.#lastWarning)
          ? Math.round((now - this.#lastWarning) / 60_000)
          : undefined,
      },
      `queries waited over ${SLOW_WAIT_MS} ms for the embedded database: it answers one query at a time and is meant ` +
        'for a small installation; for this load run PostgreSQL (DATABASE_URL)',
    );
    this.#lastWarning = now;
    this.#slow = 0;
    this.#refused = 0;
    this.#longest = 0;
  }

  protected override lendWithCallback(callback: ConnectCallback): void {
    const started = performance.now();
    super.lendWithCallback((error, client, done) => {
      this.#waited(started, error !== undefined);
      callback(busyWhenTimedOut(error), client, done);
    });
  }

  protected override lend(): Promise<pg.PoolClient> {
    const started = performance.now();
    return super.lend().then(
      (client) => {
        this.#waited(started, false);
        return client;
      },
      (error: Error) => {
        this.#waited(started, true);
        throw busyWhenTimedOut(error);
      },
    );
  }
}

// Waiting for the connection in use, or (once that one failed) for a new one to be answered.
const busyWhenTimedOut = (error: Error | undefined) =>
  error && isConnectTimeout(error)
    ? new DatabaseBusyError('the embedded database did not answer within its budget', { cause: error })
    : error;
