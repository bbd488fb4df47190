/** The part of s3rver (a fake S3 server for tests, shipped without types) the tests use. */
declare module 's3rver' {
  interface S3rverOptions {
    directory: string;
    silent?: boolean;
    configureBuckets?: { name: string }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    configureBuckets(): Promise<void>;
    callback(): (
      request: import('node:http').IncomingMessage,
      response: import('node:http').ServerResponse,
    ) => void;
    logger: { close(): void };
  }
}
