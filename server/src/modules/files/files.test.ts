import { randomBytes } from 'node:crypto';
import { readdir, readlink } from 'node:fs/promises';
import { connect } from 'node:net';
import { discussions } from '@extranet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { files } from '../../db/schema';
import { createTestApp, loginAs, type TestApp, testConfig } from '../../test/app';
import { createOrderWithDiscussion } from '../../test/discussions.factories';
import { createCompany, createConsignee, createUser } from '../../test/factories';
import {
  localStorageUnderTest,
  type StorageUnderTest,
  s3StorageUnderTest,
  startS3Server,
} from '../../test/storage';
import { ABANDONED_AFTER_MINUTES, removeAbandonedUploads } from './files.cleanup';
import { contentDisposition } from './files.service';

const MAX_SIZE = 1000;
const MAX_FILES = 2;
const IDLE_MS = 400;

interface Part {
  field: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

function multipart(parts: Part[]) {
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

describe('contentDisposition', () => {
  it('encodes the characters RFC 5987 reserves', () => {
    expect(contentDisposition("it's (1)*.txt")).toBe(
      `attachment; filename="it's (1)*.txt"; filename*=UTF-8''it%27s%20%281%29%2A.txt`,
    );
  });
});

describe('storage configuration', () => {
  it('needs a bucket for the S3 driver, and both keys or neither', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(
      'Invalid configuration: S3_BUCKET: required when STORAGE_DRIVER=s3',
    );
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
    expect(() => loadConfig({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_ENDPOINT: 'ftp://store.example' })).toThrow(/S3_ENDPOINT/);
    expect(loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'files' })).toMatchObject({
      STORAGE_DRIVER: 's3',
      S3_REGION: 'us-east-1',
    });
  });

  it('refuses to start on a bucket it cannot use, naming the bucket and the answer', async () => {
    const server = await startS3Server();
    try {
      await expect(
        buildApp(testConfig({ ...server.config, S3_BUCKET: 'no-such-bucket' }), { jobs: false }),
      ).rejects.toThrow(
        `Invalid configuration: STORAGE_DRIVER: The bucket no-such-bucket at ${server.endpoint} cannot be used: HTTP 404`,
      );
      await expect(
        buildApp(testConfig({ ...server.config, S3_ACCESS_KEY_ID: 'UNKNOWN' }), { jobs: false }),
      ).rejects.toThrow(/cannot be used: HTTP 403/);
    } finally {
      await server.stop();
    }
  });
});

// Every storage driver passes the same tests: the local directory, and a real S3-compatible server.
describe.each([
  ['local directory', localStorageUnderTest],
  ['S3', s3StorageUnderTest],
])('with the %s storage driver', (_driver, makeStorage: () => Promise<StorageUnderTest>) => {
  let storage: StorageUnderTest;
  let app: TestApp;
  let companyA: { id: number };
  let author: { id: number; token: string };
  let colleague: { id: number; token: string };
  let outsider: { id: number; token: string };

  async function upload(
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

  async function download(token: string | undefined, code: string) {
    return app.app.inject({
      method: 'GET',
      url: `/api/files/download?code=${encodeURIComponent(code)}`,
      headers: token ? { authorization: `SessionCode ${token}` } : {},
    });
  }

  const storedFiles = () => storage.objects();

  async function fileRowCount() {
    return (await app.deps.db.select({ id: files.id }).from(files)).length;
  }

  async function startDiscussion(
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

  describe('upload', () => {
    it('stores a file and answers its code, clean name and extension', async () => {
      const response = await upload(author.token, 'Report.PDF', '%PDF-1.4 hello');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        code: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
        name: 'Report.PDF',
        ext: '.pdf',
        size: 14,
      });
      const [row] = await app.deps.db.select().from(files).where(eq(files.code, response.body.code));
      expect(row).toMatchObject({ uploaderId: author.id, commentId: null, mime: 'application/pdf' });
    });

    it('needs a session', async () => {
      const response = await upload(undefined, 'a.txt', 'x');
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ failure: { code: 'unauthorized' } });
    });

    it('strips bidi and control characters from a name before the type check reads it', async () => {
      const shown = await upload(author.token, 'invoice\u202Eexe.txt', 'hello');
      expect(shown.body).toMatchObject({ name: 'invoiceexe.txt', ext: '.txt' });
      const disguised = await upload(author.token, 'photo\u2066\u202Etxt.exe\u2069', 'hello');
      expect(disguised.body.failure.code).toBe('file_type_not_accepted');
    });

    it('keeps only the last segment of a name with path separators, and stores under a key of its own', async () => {
      const before = await storedFiles();
      const response = await upload(author.token, '..\\..\\windows/../etc/passwd.txt', 'root');
      expect(response.body.name).toBe('passwd.txt');
      const added = (await storedFiles()).filter((key) => !before.includes(key));
      expect(added).toEqual([expect.stringMatching(/^[A-Za-z0-9_-]{32}$/)]);
    });

    it('accepts a MIME wildcard of the configuration', async () => {
      const response = await upload(author.token, 'photo.jpeg', Buffer.from([0xff, 0xd8, 0xff]));
      expect(response.body.ext).toBe('.jpeg');
    });

    describe('refuses and leaves nothing behind', () => {
      let before: { rows: number; stored: number };
      beforeAll(async () => {
        before = { rows: await fileRowCount(), stored: (await storedFiles()).length };
      });

      it.each([
        ['a file over the size limit', 'big.txt', 'x'.repeat(MAX_SIZE + 1), 'file_too_large'],
        ['a much larger file', 'huge.txt', 'x'.repeat(MAX_SIZE * 50), 'file_too_large'],
        ['an empty file', 'empty.txt', '', 'file_empty'],
        ['a type not in the configuration', 'tool.exe', 'MZ', 'file_type_not_accepted'],
        ['a file without an extension', 'README', 'text', 'file_type_not_accepted'],
        ['a name that is only a path', 'folder/', 'text', 'file_name_invalid'],
      ])('%s', async (_label, name, content, code) => {
        const response = await upload(author.token, name, content);
        expect(response.body.failure.code).toBe(code);
        expect(await fileRowCount()).toBe(before.rows);
        expect((await storedFiles()).length).toBe(before.stored);
      });

      it('accepts a file of exactly the size limit', async () => {
        const response = await upload(author.token, 'exact.txt', 'x'.repeat(MAX_SIZE));
        expect(response.body.size).toBe(MAX_SIZE);
        before = { rows: await fileRowCount(), stored: (await storedFiles()).length };
      });

      it('two files in one request', async () => {
        const response = await upload(author.token, 'one.txt', 'one', [
          { field: 'file', value: 'two', filename: 'two.txt' },
        ]);
        expect(response.body.failure.code).toBe('too_many_files');
        expect(await fileRowCount()).toBe(before.rows);
        expect((await storedFiles()).length).toBe(before.stored);
      });

      it('a file in another field than "file", alone or before one in the right field', async () => {
        for (const parts of [
          [{ field: 'attachment', value: 'one', filename: 'one.txt' }],
          [
            { field: 'attachment', value: 'one', filename: 'one.txt' },
            { field: 'file', value: 'two', filename: 'two.txt' },
          ],
        ]) {
          const { payload, contentType } = multipart([{ field: 'name', value: 'a.txt' }, ...parts]);
          const response = await app.app.inject({
            method: 'POST',
            url: '/api/files/upload',
            payload,
            headers: { 'content-type': contentType, authorization: `SessionCode ${author.token}` },
          });
          expect(response.statusCode).toBe(400);
          expect(response.json().failure).toMatchObject({
            code: 'malformed_api_request',
            details: { field: 'attachment' },
          });
        }
        expect(await fileRowCount()).toBe(before.rows);
        expect((await storedFiles()).length).toBe(before.stored);
      });

      it('a request without a file', async () => {
        const { payload, contentType } = multipart([{ field: 'name', value: 'a.txt' }]);
        const response = await app.app.inject({
          method: 'POST',
          url: '/api/files/upload',
          payload,
          headers: { 'content-type': contentType, authorization: `SessionCode ${author.token}` },
        });
        expect(response.json().failure.code).toBe('malformed_api_request');
      });
    });
  });

  describe('upload over real HTTP', () => {
    let base: string;
    beforeAll(async () => {
      base = await app.app.listen({ host: '127.0.0.1', port: 0 });
    });

    async function post(name: string, content: Blob) {
      const form = new FormData();
      form.append('name', name);
      form.append('file', content, 'blob');
      const response = await fetch(`${base}/api/files/upload`, {
        method: 'POST',
        body: form,
        headers: { authorization: `SessionCode ${author.token}` },
      });
      return response.json();
    }

    it('streams a file as a browser sends it', async () => {
      expect(await post('note.txt', new Blob(['from a browser']))).toMatchObject({
        name: 'note.txt',
        size: 14,
      });
    });

    it('answers a file far over the limit with its failure, not a reset connection', async () => {
      const body = await post('flood.txt', new Blob([new Uint8Array(MAX_SIZE * 200)]));
      expect(body).toEqual({ failure: { code: 'file_too_large', details: { max: MAX_SIZE } } });
    });
  });

  describe('hostile uploads', () => {
    let port: number;
    beforeAll(async () => {
      const address = app.app.server.address();
      port =
        typeof address === 'object' && address
          ? address.port
          : Number(new URL(await app.app.listen({ host: '127.0.0.1', port: 0 })).port);
    });

    /** Descriptors of this process (also the server's) open on a file of the upload directory. */
    const openUploadFds = async () => {
      const targets = await Promise.all(
        (await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')),
      );
      return targets.filter((target) => target.startsWith(storage.directory));
    };
    /** Connections the server still holds open. */
    const openConnections = () =>
      new Promise<number>((resolve) => app.app.server.getConnections((_error, count) => resolve(count)));
    const partFiles = () => storage.pending();

    /**
     * Sends a request by hand: headers announcing `declaredLength` bytes, then `body`, and then
     * either nothing more while the socket stays open, or a disconnect. Answers what came back.
     */
    function rawUpload(options: {
      body: Buffer;
      contentType: string;
      declaredLength?: number;
      disconnectAfterMs?: number;
    }): Promise<{ status: number | null; text: string }> {
      return new Promise((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk.toString('utf8');
        });
        socket.on('error', reject);
        socket.on('close', () => {
          const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
          resolve({ status: status ? Number(status) : null, text });
        });
        socket.write(
          [
            'POST /api/files/upload HTTP/1.1',
            'Host: 127.0.0.1',
            `Authorization: SessionCode ${author.token}`,
            `Content-Type: ${options.contentType}`,
            `Content-Length: ${options.declaredLength ?? options.body.length}`,
            // The server closes the connection after its answer; the client never half-closes first.
            'Connection: close',
            '',
            '',
          ].join('\r\n'),
        );
        socket.write(options.body);
        if (options.disconnectAfterMs !== undefined)
          setTimeout(() => socket.destroy(), options.disconnectAfterMs);
      });
    }

    it('answers a body that stops arriving with 400 after the idle timeout, and leaves no file or descriptor', async () => {
      const connections = await openConnections();
      const { payload, contentType } = multipart([
        { field: 'name', value: 'cut.txt' },
        { field: 'file', value: 'x'.repeat(300), filename: 'blob' },
      ]);
      const cut = payload.subarray(0, payload.length - 100);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          rawUpload({ body: cut, contentType, declaredLength: payload.length }),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(400);
        expect(answer.text).toContain('malformed_api_request');
      }
      expect(await partFiles()).toEqual([]);
      await expect.poll(openUploadFds).toEqual([]);
      await expect.poll(openConnections).toBeLessThanOrEqual(connections);
    });

    it('stops waiting for a body that never reaches its first file, too', async () => {
      const { contentType } = multipart([]);
      const answer = await rawUpload({ body: Buffer.from('--'), contentType, declaredLength: 5000 });
      expect(answer.status).toBe(400);
    });

    it('keeps nothing of an upload whose client goes away in the middle of the file', async () => {
      const connections = await openConnections();
      const rows = await fileRowCount();
      const { payload, contentType } = multipart([
        { field: 'name', value: 'gone.txt' },
        { field: 'file', value: 'y'.repeat(500), filename: 'blob' },
      ]);
      await rawUpload({
        body: payload.subarray(0, 300),
        contentType,
        declaredLength: payload.length,
        disconnectAfterMs: 50,
      });
      await expect.poll(partFiles).toEqual([]);
      await expect.poll(openUploadFds).toEqual([]);
      await expect.poll(openConnections).toBeLessThanOrEqual(connections);
      expect(await fileRowCount()).toBe(rows);
    });

    it.each([
      ['garbage', 'multipart/form-data; boundary=xyz', Buffer.from('this is not a multipart body at all')],
      [
        'no boundary',
        'multipart/form-data',
        Buffer.from('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'),
      ],
      ['only the closing boundary', 'multipart/form-data; boundary=xyz', Buffer.from('--xyz--\r\n')],
      [
        'headers cut short',
        'multipart/form-data; boundary=xyz',
        Buffer.from('--xyz\r\nContent-Disposition: form-da'),
      ],
    ])('answers a malformed multipart body (%s) with 400', async (_name, contentType, body) => {
      const answer = await rawUpload({ body, contentType });
      expect(answer.status).toBe(400);
      expect(answer.text).toContain('malformed_api_request');
    });
  });

  describe('download', () => {
    it('serves the uploader an unattached file with type and disposition', async () => {
      const { body } = await upload(author.token, 'Отчёт №1 "final".txt', 'привет');
      const response = await download(author.token, body.code);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('привет');
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="_____ _1 _final_.txt"; filename*=UTF-8''${encodeURIComponent('Отчёт №1 "final".txt')}`,
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });

    it('refuses an unattached file to anyone but its uploader', async () => {
      const { body } = await upload(author.token, 'draft.txt', 'draft');
      expect((await download(colleague.token, body.code)).json()).toEqual({
        failure: { code: 'file_not_found' },
      });
    });

    it('serves an attached file to the readers of its discussion only', async () => {
      const { body: file } = await upload(author.token, 'shared.pdf', '%PDF shared');
      const created = await startDiscussion('normal', [file.code]);
      expect(created.discussion_id).toBeTypeOf('number');
      expect((await download(colleague.token, file.code)).body).toBe('%PDF shared');
      const refused = await download(outsider.token, file.code);
      expect(refused.statusCode).toBe(200);
      expect(refused.json()).toEqual({ failure: { code: 'file_not_found' } });
      expect((await download(undefined, file.code)).statusCode).toBe(401);

      const { body: thread } = await app.call(
        discussions.getDiscussionGeneral,
        { discussion_id: created.discussion_id },
        colleague.token,
      );
      expect(thread.files).toEqual([{ code: file.code, name: 'shared.pdf', ext: '.pdf' }]);
      expect(thread.comments[0].files).toEqual(thread.files);
    });

    it('keeps files of a private discussion from other users of the company', async () => {
      const { body: file } = await upload(author.token, 'secret.txt', 'secret');
      await startDiscussion('private', [file.code]);
      expect((await download(author.token, file.code)).body).toBe('secret');
      expect((await download(colleague.token, file.code)).json().failure.code).toBe('file_not_found');
    });

    it('serves files of an order discussion to users with the permission', async () => {
      const consignee = await createConsignee(app.deps.db, { companyId: companyA.id });
      const order = await createOrderWithDiscussion(app.deps.db, {
        kind: 'purch',
        consigneeId: consignee.id,
      });
      const { body: file } = await upload(author.token, 'invoice.pdf', '%PDF invoice');
      const comment = await app.call(
        discussions.addCommentPurch,
        { purch_head_id: order.headId, text: 'Invoice', files: [file.code] },
        author.token,
      );
      expect(comment.body.comment_id).toBeTypeOf('number');
      expect((await download(colleague.token, file.code)).body).toBe('%PDF invoice');
      expect((await download(outsider.token, file.code)).json().failure.code).toBe('file_not_found');
    });

    it('answers an unknown code as not found and a malformed one as a bad request', async () => {
      expect((await download(author.token, 'A'.repeat(32))).json().failure.code).toBe('file_not_found');
      expect((await download(author.token, '../etc/passwd')).statusCode).toBe(400);
    });
  });

  describe('attaching', () => {
    it('refuses more files than COMMENT_MAX_FILES', async () => {
      const codes: string[] = [];
      for (let i = 0; i <= MAX_FILES; i++)
        codes.push((await upload(author.token, `f${i}.txt`, 'x')).body.code);
      const response = await startDiscussion('normal', codes);
      expect(response).toEqual({ failure: { code: 'too_many_files', details: { max: MAX_FILES } } });
    });

    it("refuses someone else's upload and a file attached already, and keeps nothing of the refused call", async () => {
      const { body: theirs } = await upload(colleague.token, 'theirs.txt', 'x');
      expect((await startDiscussion('normal', [theirs.code])).failure.code).toBe('file_not_found');
      const { body: mine } = await upload(author.token, 'mine.txt', 'x');
      expect((await startDiscussion('normal', [mine.code, theirs.code])).failure.code).toBe('file_not_found');
      const [row] = await app.deps.db.select().from(files).where(eq(files.code, mine.code));
      expect(row!.commentId).toBeNull();
      expect((await startDiscussion('normal', [mine.code])).discussion_id).toBeTypeOf('number');
      expect((await startDiscussion('normal', [mine.code])).failure.code).toBe('file_not_found');
    });
  });

  describe('abandoned uploads', () => {
    it('are removed with their bytes after a day; attached files stay', async () => {
      const { body: left } = await upload(author.token, 'left.txt', 'left behind');
      const { body: used } = await upload(author.token, 'used.txt', 'used');
      await startDiscussion('normal', [used.code]);
      const old = new Date(Date.now() - (ABANDONED_AFTER_MINUTES + 5) * 60_000);
      await app.deps.db.update(files).set({ creationDate: old });
      const before = (await storedFiles()).length;
      const removed = await removeAbandonedUploads(app.deps.db, app.storage);
      expect(removed).toBeGreaterThan(0);
      expect(await app.deps.db.select().from(files).where(eq(files.code, left.code))).toEqual([]);
      expect((await download(author.token, used.code)).body).toBe('used');
      expect((await storedFiles()).length).toBe(before - removed);
    });
  });

  describe('a file larger than one upload part', () => {
    const LARGE_MAX = 12 * 1024 * 1024;
    let base: string;
    let token: string;
    beforeAll(async () => {
      const large = await createTestApp({
        ...storage.config,
        COMMENT_MAX_FILESIZE: LARGE_MAX,
        COMMENT_ACCEPTED_FILES: '.bin,.txt',
      });
      const company = await createCompany(large.deps.db);
      token = await loginAs(large, await createUser(large.deps.db, { companyIds: [company.id] }));
      base = await large.app.listen({ host: '127.0.0.1', port: 0 });
    });

    async function send(
      bytes: Buffer,
      name = 'large.bin',
    ): Promise<{ code?: string; size?: number; failure?: unknown }> {
      const form = new FormData();
      form.append('name', name);
      form.append('file', new Blob([bytes]), 'blob');
      const response = await fetch(`${base}/api/files/upload`, {
        method: 'POST',
        body: form,
        headers: { authorization: `SessionCode ${token}` },
      });
      return (await response.json()) as { code?: string; size?: number; failure?: unknown };
    }

    it('is streamed in and out whole', async () => {
      const before = await storedFiles();
      const bytes = randomBytes(11 * 1024 * 1024);
      const stored = await send(bytes);
      expect(stored).toMatchObject({ size: bytes.length });
      const response = await fetch(`${base}/api/files/download?code=${stored.code}`, {
        headers: { authorization: `SessionCode ${token}`, 'accept-encoding': 'identity' },
      });
      expect(response.headers.get('content-length')).toBe(String(bytes.length));
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
      expect((await storedFiles()).length).toBe(before.length + 1);
      expect(await storage.pending()).toEqual([]);
    });

    it('is served as stored, with its length, to a client that accepts gzip', async () => {
      // A browser shows a download's size and progress only from Content-Length, which a
      // compressed answer cannot have; the compressible text file is sent as it is.
      const text = Buffer.from('sku;qty\n'.repeat(20_000));
      const stored = await send(text, 'lines.txt');
      const response = await fetch(`${base}/api/files/download?code=${stored.code}`, {
        headers: { authorization: `SessionCode ${token}`, 'accept-encoding': 'gzip' },
      });
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(response.headers.get('content-length')).toBe(String(text.length));
      expect(Buffer.from(await response.arrayBuffer()).equals(text)).toBe(true);
    });

    it('is refused over the limit after parts of it were stored, and none of them is kept', async () => {
      const before = await storedFiles();
      const answer = await send(randomBytes(LARGE_MAX + 1024 * 1024));
      expect(answer).toEqual({ failure: { code: 'file_too_large', details: { max: LARGE_MAX } } });
      expect(await storedFiles()).toEqual(before);
      await expect.poll(() => storage.pending()).toEqual([]);
    });
  });
});
