import { randomBytes } from 'node:crypto';
import { readdir, readlink } from 'node:fs/promises';
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs } from '../../test/app';
import { createCompany, createUser } from '../../test/factories';
import {
  app,
  author,
  fileRowCount,
  multipart,
  STORAGE_DRIVERS,
  storage,
  storedFiles,
  useFilesContext,
} from '../../test/files.context';

describe.each(STORAGE_DRIVERS)('with the %s storage driver', (_driver, makeStorage) => {
  useFilesContext(makeStorage);

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
