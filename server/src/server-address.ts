import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config';

/**
 * Where a running server listens, written to its data directory once it listens (and removed when
 * it stops): the administration commands that call it (push-master) find it there, whatever port
 * `--port`, PORT or PORT=0 gave it, instead of guessing.
 */
const FILE = 'server.address';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A host to call a server listening on `host` from the same machine (any address: loopback). */
export function localHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export function writeServerAddress(dataDir: string, address: { host: string; port: number }): () => void {
  const file = path.join(dataDir, FILE);
  const url = `http://${localHost(address.host)}:${address.port}`;
  writeFileSync(file, JSON.stringify({ url, pid: process.pid }));
  return () => rmSync(file, { force: true });
}

/**
 * The URL of the server running on this data directory; without one (not started, or its
 * process gone), the configuration's HOST and PORT.
 */
export function runningServerUrl(config: Pick<Config, 'DATA_DIR' | 'HOST' | 'PORT'>): string {
  try {
    const written = JSON.parse(readFileSync(path.join(config.DATA_DIR, FILE), 'utf8')) as {
      url?: unknown;
      pid?: unknown;
    };
    if (typeof written.url === 'string' && typeof written.pid === 'number' && isAlive(written.pid)) {
      return written.url;
    }
  } catch {
    // No file, or not ours: the configuration says where the server listens.
  }
  return `http://${localHost(config.HOST)}:${config.PORT}`;
}
