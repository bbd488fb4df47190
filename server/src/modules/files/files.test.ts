import { discussions } from '@extranet/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { files } from '../../db/schema';
import { testConfig } from '../../test/app';
import { createOrderWithDiscussion } from '../../test/discussions.factories';
import { createConsignee } from '../../test/factories';
import {
  app,
  author,
  colleague,
  companyA,
  download,
  fileRowCount,
  MAX_FILES,
  MAX_SIZE,
  multipart,
  outsider,
  STORAGE_DRIVERS,
  startDiscussion,
  storedFiles,
  upload,
  useFilesContext,
} from '../../test/files.context';
import { startS3Server } from '../../test/storage';
import { ABANDONED_AFTER_MINUTES, removeAbandonedUploads } from './files.cleanup';
import { contentDisposition } from './files.service';

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

describe.each(STORAGE_DRIVERS)('with the %s storage driver', (_driver, makeStorage) => {
  useFilesContext(makeStorage);

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
});
