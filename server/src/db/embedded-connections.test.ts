import type { Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './embedded';

/**
 * Each connection to the embedded database's one backend behaves as if it had a backend of its
 * own: its named statements are its own and go with it, and however it ends, the next one finds
 * the backend answering (issue 28, finding 14).
 */
let embedded: EmbeddedDatabase;

beforeAll(async () => {
  embedded = await startEmbeddedDatabase({});
});
afterAll(async () => {
  await embedded.close();
});

async function connect(): Promise<pg.Client> {
  const client = new pg.Client(embedded.connectionConfig);
  await client.connect();
  return client;
}

/** One protocol message: its type, its length, its body. */
function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}
const cstring = (text: string) => Buffer.from(`${text}\0`, 'utf8');

describe('connections to the embedded database', () => {
  it('keep their named statements apart, two at once, and drop them when they end', async () => {
    const first = await connect();
    const second = await connect();
    const query = { name: 'same_name', text: 'select $1::int + 1 as n', values: [1] };
    expect((await first.query(query)).rows).toEqual([{ n: 2 }]);
    // Another text under the same name, on another connection: its own statement.
    const other = { name: 'same_name', text: 'select $1::int * 10 as n', values: [3] };
    expect((await second.query(other)).rows).toEqual([{ n: 30 }]);
    expect((await first.query(query)).rows).toEqual([{ n: 2 }]);
    await first.end();
    const third = await connect();
    expect((await third.query(query)).rows).toEqual([{ n: 2 }]);
    const left = await third.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    // The first connection's statement went with it: the second's and the third's are left.
    expect(left.rows[0]!.n).toBe(2);
    await second.end();
    await third.end();
  });

  it('answers the next connection after one ended between a failed statement and its Sync', async () => {
    const socket = (embedded.connectionConfig.stream as () => Socket)();
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    const startup = Buffer.concat([
      Buffer.from([0, 3, 0, 0]),
      cstring('user'),
      cstring('postgres'),
      cstring('database'),
      cstring('postgres'),
      Buffer.from([0]),
    ]);
    const length = Buffer.alloc(4);
    length.writeInt32BE(startup.length + 4);
    socket.write(Buffer.concat([length, startup]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A statement that fails, and no Sync after it.
    socket.write(
      Buffer.concat([
        message('P', Buffer.concat([cstring(''), cstring('select 1 / 0'), Buffer.from([0, 0])])),
        message('B', Buffer.concat([cstring(''), cstring(''), Buffer.from([0, 0, 0, 0, 0, 0])])),
        message('E', Buffer.concat([cstring(''), Buffer.from([0, 0, 0, 0])])),
      ]),
    );
    for (let i = 0; i < 100 && !Buffer.concat(received).includes('division by zero'); i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(Buffer.concat(received).toString('latin1')).toContain('division by zero');
    socket.destroy();
    const next = await connect();
    expect((await next.query('select 41 + 1 as n')).rows).toEqual([{ n: 42 }]);
    await next.end();
  });
});
