import type { Db } from '../db/client';

/** How many statements the database client is sent while `run` runs. */
export async function countQueries(db: Db, run: () => Promise<void>): Promise<number> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  let queries = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    queries++;
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return queries;
}
