import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config';

/**
 * The key that encrypts secrets at rest (second-factor secrets): SHA-256 of SECRET_KEY, or, when
 * that is unset, 32 random bytes generated into DATA_DIR/secret.key on the first start (mode 0600)
 * and read from there after. Several instances must share SECRET_KEY.
 */
export function loadSecretKey(config: Pick<Config, 'SECRET_KEY' | 'DATA_DIR'>): Buffer {
  if (config.SECRET_KEY) return createHash('sha256').update(config.SECRET_KEY).digest();
  const file = path.join(config.DATA_DIR, 'secret.key');
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  const key = randomBytes(32);
  try {
    writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  }
}
