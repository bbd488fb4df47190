import pg from 'pg';

export type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A pg.Pool that sees each lending of a connection in one place whichever way it is asked for: as
 * a promise (drizzle) through `lend`, with a callback (the pool's own pool.query) through
 * `lendWithCallback`. Both are pg's own until a pool overrides them.
 */
export class LendingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    if (callback) {
      this.lendWithCallback(callback);
      return undefined;
    }
    return this.lend();
  }

  protected lend(): Promise<pg.PoolClient> {
    return super.connect();
  }

  protected lendWithCallback(callback: ConnectCallback): void {
    super.connect(callback);
  }
}
