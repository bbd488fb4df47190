// @ts-check
/**
 * The embedded database's thread: it owns PGlite (PostgreSQL compiled to WebAssembly) and speaks
 * the PostgreSQL wire protocol over MessagePorts, one per connection, so the server reaches it
 * with the `pg` driver exactly as it reaches PostgreSQL (client.ts), while the event loop of the
 * server goes on answering HTTP during a query.
 *
 * PGlite has one backend. A connection holds it from its first message until the backend is idle
 * again (a Sync or a simple query answered outside a transaction block), so statements and
 * transactions of two connections never interleave; a connection that closes while holding it
 * rolls its transaction back.
 *
 * The backend's named prepared statements would be shared by every connection, while the driver
 * keeps a list per connection of those it has prepared: a connection that ends (the pool drops one
 * after any failed query) would leave its statements behind, and the next connection's first
 * Parse of the same name would fail ("prepared statement already exists") for as long as the
 * process runs. So each connection's statement names are its own (prefixed here, as if it had a
 * backend of its own), and they are deallocated when it closes.
 *
 * Plain JavaScript, so that the tests (TypeScript run by vitest) and the build start it alike.
 */
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread');

// The lists' trigram indexes need pg_trgm, which PGlite loads only when asked. The server compiles
// PostgreSQL's WebAssembly once and hands it to each database it opens.
const extensions = { pg_trgm };

/** The backend's owner, and the connections waiting for it, in order. */
/** @type {object | undefined} */
let owner;
/** @type {Array<() => void>} */
const waiting = [];

/** @param {object} connection */
async function acquire(connection) {
  if (owner === connection) return;
  if (owner !== undefined) await new Promise((resolve) => waiting.push(() => resolve(undefined)));
  owner = connection;
}

/** @param {object} connection */
function release(connection) {
  if (owner !== connection) return;
  owner = undefined;
  waiting.shift()?.();
}

const TERMINATE = 0x58; // 'X'
const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const PARSE = 0x50; // 'P'
const BIND = 0x42; // 'B'
const DESCRIBE = 0x44; // 'D'
const CLOSE = 0x43; // 'C'
const STATEMENT = 0x53; // 'S', of Describe and Close
const CANCEL_REQUEST = 80877102;
const SYNC_MESSAGE = new Uint8Array([SYNC, 0, 0, 0, 4]);

let connections = 0;

/**
 * The message with the named statement it names (the unnamed one stays as it is) given the
 * connection's prefix: Parse's name, Bind's statement (after the portal), Describe's and Close's
 * of a statement. Answers the message itself when it names none.
 * @param {Buffer} message
 * @param {string} prefix
 * @param {Set<string>} prepared the connection's names, as the backend knows them
 */
function ownStatementNames(message, prefix, prepared) {
  const type = message[0];
  /** Where the statement's name starts (after the type byte and the length). */
  let at = -1;
  if (type === PARSE) at = 5;
  else if (type === BIND) at = message.indexOf(0, 5) + 1;
  else if ((type === DESCRIBE || type === CLOSE) && message[5] === STATEMENT) at = 6;
  if (at <= 0 || message[at] === 0) return message;
  const end = message.indexOf(0, at);
  if (end < 0) return message;
  const name = `${prefix}${message.toString('utf8', at, end)}`;
  if (type === PARSE) prepared.add(name);
  const renamed = Buffer.concat([message.subarray(0, at), Buffer.from(name, 'utf8'), message.subarray(end)]);
  renamed.writeInt32BE(renamed.length - 1, 1);
  return renamed;
}

/**
 * @param {PGlite} db
 * @param {import('node:worker_threads').MessagePort} channel
 */
function serve(db, channel) {
  const connection = {};
  const prefix = `c${++connections}_`;
  /** @type {Set<string>} */
  const prepared = new Set();
  let buffer = Buffer.alloc(0);
  /** Whether the startup message (the one without a type byte) has been read. */
  let startupRead = false;
  let closed = false;
  /** Messages are handled one chunk after another. */
  let chain = Promise.resolve();

  const close = () => {
    if (closed) return;
    closed = true;
    chain = chain.then(async () => {
      // Closed between a failed statement and its Sync, the backend would skip every message
      // until one: a Sync first brings it back to answering.
      if (owner === connection)
        await db.execProtocolRawStream(SYNC_MESSAGE, { onRawData: () => {} }).catch(() => {});
      if (owner === connection && db.isInTransaction()) await db.exec('rollback').catch(() => {});
      if (prepared.size > 0) {
        await acquire(connection);
        for (const name of prepared) {
          await db.exec(`deallocate "${name.replaceAll('"', '""')}"`).catch(() => {});
        }
      }
      release(connection);
    });
    channel.close();
  };

  /** @param {Array<{ message: Buffer, startup: boolean }>} messages */
  const run = async (messages) => {
    /** @type {Uint8Array[]} */
    const out = [];
    for (const { message, startup } of messages) {
      if (closed) return;
      // A cancel request comes on a connection of its own: PGlite has no other backend to signal.
      const cancel = startup && message.length === 16 && message.readInt32BE(4) === CANCEL_REQUEST;
      if (cancel || (!startup && message[0] === TERMINATE)) {
        close();
        return;
      }
      await acquire(connection);
      const own = startup ? message : ownStatementNames(message, prefix, prepared);
      await db.execProtocolRawStream(new Uint8Array(own), {
        onRawData: (data) => {
          out.push(data.slice());
        },
      });
      const type = startup ? QUERY : message[0];
      // The backend is the connection's until it has answered a whole request outside a
      // transaction block.
      if ((type === SYNC || type === QUERY) && !db.isInTransaction()) release(connection);
    }
    if (out.length > 0 && !closed) {
      const answer = Buffer.concat(out);
      const bytes = answer.buffer.slice(answer.byteOffset, answer.byteOffset + answer.byteLength);
      channel.postMessage(bytes, [bytes]);
    }
  };

  channel.on('message', (/** @type {ArrayBuffer} */ data) => {
    buffer = buffer.length === 0 ? Buffer.from(data) : Buffer.concat([buffer, Buffer.from(data)]);
    /** @type {Array<{ message: Buffer, startup: boolean }>} */
    const messages = [];
    for (;;) {
      // The startup message has no type byte: its length comes first.
      const header = startupRead ? 5 : 4;
      if (buffer.length < header) break;
      const length = startupRead ? 1 + buffer.readInt32BE(1) : buffer.readInt32BE(0);
      if (buffer.length < length) break;
      messages.push({ message: buffer.subarray(0, length), startup: !startupRead });
      buffer = buffer.subarray(length);
      startupRead = true;
    }
    if (messages.length === 0) return;
    chain = chain
      .then(() => run(messages))
      .catch((error) => {
        port.postMessage({ type: 'error', message: String(error?.stack ?? error) });
        close();
      });
  });
  channel.on('close', close);
}

/**
 * One database at a time: `open` starts it, `close` closes it, and the thread then waits for the
 * next `open` (the server keeps a closed database's thread for the next one it opens).
 */
/** @type {PGlite | undefined} */
let db;

/**
 * @typedef {{ type: 'open', dir?: string, wasmModule?: WebAssembly.Module }
 *   | { type: 'connect', port: import('node:worker_threads').MessagePort }
 *   | { type: 'close' }} Command
 */
port.on('message', async (/** @type {Command} */ message) => {
  if (message.type === 'open') {
    try {
      const common = {
        extensions,
        ...(message.wasmModule ? { pgliteWasmModule: message.wasmModule } : {}),
      };
      db = message.dir ? await PGlite.create(message.dir, common) : await PGlite.create(common);
      port.postMessage({ type: 'ready' });
    } catch (error) {
      port.postMessage({ type: 'failed', message: String(/** @type {Error} */ (error)?.stack ?? error) });
    }
  } else if (message.type === 'connect' && db) serve(db, message.port);
  else if (message.type === 'close') {
    const self = {};
    await acquire(self);
    if (db && !db.closed) await db.close();
    db = undefined;
    release(self);
    port.postMessage({ type: 'closed' });
  }
});
