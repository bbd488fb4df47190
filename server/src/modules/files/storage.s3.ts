import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StorageDriver } from './storage';
import { checkStorageKey } from './storage-key';

export interface S3Settings {
  /** An S3-compatible store's address; undefined for AWS S3 itself. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Both or neither; neither: the SDK's own chain (AWS_* variables, an instance or task role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

/** 5 MiB, the smallest part S3 takes: an upload holds at most PART_SIZE × QUEUE_SIZE in memory. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

/**
 * Files as objects of one bucket, named by their storage key. Uploads stream in parts
 * (lib-storage); a file smaller than one part goes up in one PutObject. An object appears only when
 * its upload completes, and an upload that fails is aborted, so no partial object is ever read.
 */
export class S3Driver implements StorageDriver {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      // S3-compatible stores (MinIO, Ceph, Garage, s3rver) are addressed host/bucket/key; AWS by
      // bucket.host.
      forcePathStyle: settings.endpoint !== undefined,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Checksums only where the API requires them: many S3-compatible stores refuse the SDK's
      // default CRC trailers of streamed bodies.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: 10_000, requestTimeout: 60_000 },
    });
  }

  async put(key: string, source: Readable): Promise<void> {
    const upload = new Upload({
      client: this.client,
      // A fresh stream: lib-storage takes a `size` or `length` property of the body for its byte
      // count, which a stream of the caller's may carry with another meaning.
      params: { Bucket: this.settings.bucket, Key: checkStorageKey(key), Body: Readable.from(source) },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      // The source's own failure (too large, cut off) is the one to report, not the SDK's.
      source.destroy();
      throw sourceError(source) ?? error;
    }
  }

  async get(key: string): Promise<Readable> {
    const answer = await this.client.send(
      new GetObjectCommand({ Bucket: this.settings.bucket, Key: checkStorageKey(key) }),
    );
    return answer.Body as Readable;
  }

  async remove(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: checkStorageKey(key) }),
    );
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const reason = status ? `HTTP ${status}` : error instanceof Error ? error.message : String(error);
      throw new Error(
        `The bucket ${this.settings.bucket} at ${this.settings.endpoint ?? `AWS S3 ${this.settings.region}`} cannot be used: ${reason}`,
      );
    }
  }

  close(): void {
    this.client.destroy();
  }
}

function sourceError(source: Readable): Error | undefined {
  return source.errored ?? undefined;
}
