import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config';
import { S3Driver } from './storage.s3';
import { checkStorageKey } from './storage-key';

/**
 * Where file bytes live: a local directory by default, an S3-compatible bucket (STORAGE_DRIVER=s3)
 * when several instances must share files (DESIGN.md §8). Both take the same test suite.
 */
export interface StorageDriver {
  /** Streams `source` into a new object; it appears complete or not at all. */
  put(key: string, source: Readable): Promise<void>;
  get(key: string): Promise<Readable>;
  /** Removes an object; an object that is not there is no error. */
  remove(key: string): Promise<void>;
  /** Fails with a readable reason when the storage cannot be used (checked at start). */
  check(): Promise<void>;
  close(): void;
}

export function createStorageDriver(config: Config): StorageDriver {
  if (config.STORAGE_DRIVER === 's3') {
    return new S3Driver({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return new LocalDirectoryDriver(config.filesDir);
}

/** Files under one directory, spread over 2-character subdirectories; writes are atomic. */
export class LocalDirectoryDriver implements StorageDriver {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, key.slice(0, 2), checkStorageKey(key));
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  close(): void {}

  async put(key: string, source: Readable): Promise<void> {
    const target = this.pathOf(key);
    const tempDir = path.join(this.root, '.tmp');
    await mkdir(tempDir, { recursive: true });
    await mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(tempDir, `${key}.${randomBytes(6).toString('hex')}.part`);
    try {
      // flush: the data is fsynced before the file is closed, so the rename never exposes a torn file.
      await pipeline(source, createWriteStream(temp, { flags: 'wx', mode: 0o600, flush: true }));
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    await syncDirectory(path.dirname(target));
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    await stat(file);
    return createReadStream(file);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

/** Makes a rename durable; some file systems refuse to open a directory, which is harmless. */
async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // best effort
  }
}
