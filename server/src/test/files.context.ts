import { randomBytes } from 'node:crypto';
import { discussions } from '@extranet/contract';
import { afterAll, beforeAll } from 'vitest';
import { files } from '../db/schema';
import { createTestApp, loginAs, type TestApp } from './app';
import { createCompany, createUser } from './factories';
import { localStorageUnderTest, type StorageUnderTest, s3StorageUnderTest } from './storage';

export const MAX_SIZE = 1000;
export const MAX_FILES = 2;
export const IDLE_MS = 400;

export interface Part {
  field: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

export function multipart(parts: Part[]) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.field}"; filename="${part.filename}"`
      : `form-data; name="${part.field}"`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${
      part.filename ? `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n` : ''
    }\r\n`;
    chunks.push(Buffer.from(head, 'utf8'), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

// Every storage driver passes the same tests: the local directory, and a real S3-compatible server.
export const STORAGE_DRIVERS: Array<[string, () => Promise<StorageUnderTest>]> = [
  ['local directory', localStorageUnderTest],
  ['S3', s3StorageUnderTest],
];

/**
 * The storage, app and people of the storage driver's tests running now, set before them by
 * useFilesContext. Test files run one after another in a worker, and a file's drivers one after
 * the other, each setting them anew.
 */
export let storage: StorageUnderTest;
export let app: TestApp;
export let companyA: { id: number };
export let author: { id: number; token: string };
export let colleague: { id: number; token: string };
export let outsider: { id: number; token: string };

export async function upload(
  token: string | undefined,
  name: string,
  content: string | Buffer,
  extra: Part[] = [],
) {
  const { payload, contentType } = multipart([
    { field: 'name', value: name },
    { field: 'file', value: content, filename: 'blob' },
    ...extra,
  ]);
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/files/upload',
    payload,
    headers: { 'content-type': contentType, ...(token ? { authorization: `SessionCode ${token}` } : {}) },
  });
  return { status: response.statusCode, body: response.json() };
}

export async function download(token: string | undefined, code: string) {
  return app.app.inject({
    method: 'GET',
    url: `/api/files/download?code=${encodeURIComponent(code)}`,
    headers: token ? { authorization: `SessionCode ${token}` } : {},
  });
}

export const storedFiles = () => storage.objects();

export async function fileRowCount() {
  return (await app.deps.db.select({ id: files.id }).from(files)).length;
}

export async function startDiscussion(
  visibility: discussions.Visibility,
  fileCodes: string[],
  users: number[] = [],
) {
  const response = await app.call(
    discussions.ADD_DISCUSSION[visibility],
    { company_id: companyA.id, name: 'With files', text: 'See attached', files: fileCodes, users },
    author.token,
  );
  return response.body;
}

/**
 * Registers, in the calling storage driver's tests, its storage and its own app on a fresh database
 * (closed after the file by setup.ts) with two companies and their users; the storage stops after
 * the driver's tests.
 */
export function useFilesContext(makeStorage: () => Promise<StorageUnderTest>): void {
  beforeAll(async () => {
    storage = await makeStorage();
    app = await createTestApp({
      ...storage.config,
      COMMENT_MAX_FILESIZE: MAX_SIZE,
      COMMENT_MAX_FILES: MAX_FILES,
      COMMENT_ACCEPTED_FILES: '.pdf,.txt,image/*',
      UPLOAD_IDLE_TIMEOUT_MS: IDLE_MS,
    });
    const db = app.deps.db;
    companyA = await createCompany(db);
    const companyB = await createCompany(db);
    const make = async (companyId: number) => {
      const user = await createUser(db, { companyIds: [companyId], permissions: ['pord'] });
      return { id: user.id, token: await loginAs(app, user) };
    };
    author = await make(companyA.id);
    colleague = await make(companyA.id);
    outsider = await make(companyB.id);
  });

  afterAll(async () => {
    await storage.stop();
  });
}
