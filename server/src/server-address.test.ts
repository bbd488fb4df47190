import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runningServerUrl, writeServerAddress } from './server-address';

let dir: string;
afterEach(() => rmSync(dir, { force: true, recursive: true }));

describe('the running server address', () => {
  it('finds the port the running server listens on, not the default 3000', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'address-'));
    const forget = writeServerAddress(dir, { host: '0.0.0.0', port: 8123 });
    expect(runningServerUrl({ DATA_DIR: dir, HOST: '127.0.0.1', PORT: 3000 })).toBe('http://127.0.0.1:8123');
    forget();
    expect(runningServerUrl({ DATA_DIR: dir, HOST: '127.0.0.1', PORT: 3000 })).toBe('http://127.0.0.1:3000');
  });

  it('takes HOST and PORT from the configuration when no server runs there', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'address-'));
    expect(runningServerUrl({ DATA_DIR: dir, HOST: '0.0.0.0', PORT: 8080 })).toBe('http://127.0.0.1:8080');
    expect(runningServerUrl({ DATA_DIR: dir, HOST: '10.1.2.3', PORT: 8080 })).toBe('http://10.1.2.3:8080');
    expect(runningServerUrl({ DATA_DIR: dir, HOST: '::1', PORT: 8080 })).toBe('http://[::1]:8080');
  });
});
