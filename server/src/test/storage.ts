import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { Config } from '../config';

/** s3rver's fixed account: it refuses any other access key (it does not verify SigV4 signatures). */
const S3RVER_KEY = 'S3RVER';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** Configuration that points the server at this bucket. */
  config: Partial<Config>;
  /** The directory the S3 server keeps its objects in. */
  directory: string;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on a free local port, with one empty bucket. s3rver checks
 * the access key and keeps objects and multipart uploads in a directory, but has no
 * AbortMultipartUpload; the server here answers that one call itself, as S3 does: the upload's
 * parts are dropped.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = path.join('/tmp', `extranet-s3-test-${randomBytes(4).toString('hex')}`);
  const bucket = 'extranet-files';
  const s3rver = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket }] });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const uploadId = url.searchParams.get('uploadId');
    if (request.method !== 'DELETE' || !uploadId || !/^[0-9a-f]+$/.test(uploadId)) {
      handle(request, response);
      return;
    }
    const bucketName = url.pathname.split('/')[1] ?? '';
    rm(path.join(directory, bucketName, '._S3rver_uploads', uploadId), { recursive: true, force: true }).then(
      () => response.writeHead(204).end(),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket,
    directory,
    config: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      s3rver.logger.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

async function walk(dir: string, found: string[] = []): Promise<string[]> {
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await walk(full, found);
    else found.push(full);
  }
  return found;
}

/** A storage driver's configuration for a test, and what it holds, read behind the driver's back. */
export interface StorageUnderTest {
  name: 'local' | 's3';
  config: Partial<Config>;
  /** Where the bytes land on this machine: open descriptors there are leaks. */
  directory: string;
  /** The complete objects stored. */
  objects(): Promise<string[]>;
  /** What unfinished writes left: temporary files, parts of multipart uploads. */
  pending(): Promise<string[]>;
  stop(): Promise<void>;
}

export async function localStorageUnderTest(): Promise<StorageUnderTest> {
  const filesDir = path.join('/tmp', `extranet-files-test-${randomBytes(4).toString('hex')}`);
  return {
    name: 'local',
    config: { filesDir },
    directory: filesDir,
    objects: async () =>
      (await walk(filesDir))
        .filter((file) => !file.includes(`${path.sep}.tmp${path.sep}`))
        .map((file) => path.basename(file)),
    pending: async () => (await walk(filesDir)).filter((file) => file.endsWith('.part')),
    stop: () => rm(filesDir, { recursive: true, force: true }),
  };
}

export async function s3StorageUnderTest(): Promise<StorageUnderTest> {
  const server = await startS3Server();
  const client = new S3Client({
    endpoint: server.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
  });
  return {
    name: 's3',
    config: server.config,
    directory: server.directory,
    async objects() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: server.bucket, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys;
    },
    pending: () => walk(path.join(server.directory, server.bucket, '._S3rver_uploads')),
    async stop() {
      client.destroy();
      await server.stop();
    },
  };
}
