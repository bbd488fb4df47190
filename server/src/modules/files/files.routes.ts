import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { files as contract } from '@extranet/contract';
import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Deps, registerRawRoute } from '../../http/calls';
import { AppError } from '../../http/errors';
import type { Actor } from '../../http/session';
import { contentDisposition, discardUpload, openFileForDownload, uploadFile } from './files.service';
import type { StorageDriver } from './storage';

function isMultipartLimit(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

const STALLED = Symbol('stalled');

/** Rejects with STALLED once the client has sent no byte of the request for `ms`. */
function idleTimer(raw: IncomingMessage, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  let fire: (reason: unknown) => void = () => {};
  const stalled = new Promise<never>((_resolve, reject) => {
    fire = reject;
  });
  stalled.catch(() => {});
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      // Data waiting to be read, or reading paused, is the server being slow (storage pushing
      // back), not the client: wait on.
      if (raw.readableLength > 0 || raw.isPaused()) arm();
      else fire(STALLED);
    }, ms);
  };
  // Once the whole body is in, the client has nothing left to send: storing it may take longer.
  const disarm = () => clearTimeout(timer);
  raw.on('data', arm);
  raw.once('end', disarm);
  arm();
  return {
    stalled,
    stop: () => {
      clearTimeout(timer);
      raw.off('data', arm);
      raw.off('end', disarm);
    },
  };
}

/**
 * Reads the multipart body: the `name` field, then one `file`, streamed to storage. What the
 * multipart parser cannot read (no boundary, garbage, a body cut off) is the request's fault:
 * malformed_api_request, never a server error. A refused request keeps nothing.
 */
function receiveUpload(deps: Deps, storage: StorageDriver, actor: Actor, request: FastifyRequest) {
  let current: { stream: Readable; stored: Promise<unknown> } | undefined;
  let abandoned = false;
  const malformed = (error: unknown) =>
    error instanceof AppError
      ? error
      : new AppError('malformed_api_request', { reason: 'unreadable multipart body' });

  const done = (async (): Promise<contract.UploadResponse> => {
    let name: string | undefined;
    let result: contract.UploadResponse | undefined;
    let parts: AsyncIterator<Multipart>;
    try {
      parts = request.parts()[Symbol.asyncIterator]();
    } catch (error) {
      throw malformed(error);
    }
    try {
      while (true) {
        let next: IteratorResult<Multipart>;
        try {
          next = await parts.next();
        } catch (error) {
          throw limitFailure(deps, error) ?? malformed(error);
        }
        if (next.done || abandoned) break;
        const part = next.value;
        if (part.type === 'field') {
          if (part.fieldname === 'name' && typeof part.value === 'string') name = part.value;
          continue;
        }
        const stream = part.file as Readable & { truncated?: boolean };
        if (part.fieldname !== 'file') {
          stream.resume();
          throw new AppError('malformed_api_request', {
            reason: `a file in the field "${part.fieldname}": the file goes in the field "file"`,
            field: part.fieldname,
          });
        }
        if (result) {
          stream.resume();
          throw new AppError('too_many_files', { max: 1 });
        }
        // The parser fails the file's stream when the body breaks off in the middle of it.
        let broken = false;
        stream.once('error', () => {
          broken = true;
        });
        const stored = uploadFile(deps, storage, actor, { name: name || part.filename, stream });
        current = { stream, stored: stored.catch(() => {}) };
        try {
          result = await stored;
        } catch (error) {
          // Read the rest of the refused file so that the client gets the answer.
          stream.unpipe();
          stream.resume();
          throw broken && !(error instanceof AppError) ? malformed(error) : error;
        } finally {
          current = undefined;
        }
      }
    } catch (error) {
      // A refused request keeps nothing, not even a file of it that was complete.
      if (result) await discardUpload(deps, storage, result.code);
      throw limitFailure(deps, error) ?? error;
    }
    if (abandoned) throw new AppError('malformed_api_request', { reason: 'the upload stopped arriving' });
    if (!result) throw new AppError('malformed_api_request', 'no file');
    return result;
  })();
  done.catch(() => {});

  return {
    done,
    /** Drops the part being stored and waits until its temporary file is gone. */
    async abandon() {
      abandoned = true;
      if (!current) return;
      current.stream.destroy(new Error('upload abandoned'));
      await current.stored;
    },
  };
}

function limitFailure(deps: Deps, error: unknown): AppError | undefined {
  if (isMultipartLimit(error, 'FST_FILES_LIMIT')) return new AppError('too_many_files', { max: 1 });
  if (isMultipartLimit(error, 'FST_REQ_FILE_TOO_LARGE')) {
    return new AppError('file_too_large', { max: deps.config.COMMENT_MAX_FILESIZE });
  }
  return undefined;
}

export function registerFileRoutes(app: FastifyInstance, deps: Deps, storage: StorageDriver) {
  app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: {
        // One byte over the limit is enough to refuse the file; busboy stops reading there.
        fileSize: deps.config.COMMENT_MAX_FILESIZE + 1,
        files: 1,
        fields: 4,
        parts: 5,
        fieldSize: 4096,
      },
    });

    registerRawRoute(
      scope,
      deps,
      {
        method: 'POST',
        path: contract.UPLOAD_PATH,
        summary: 'Uploads one file (multipart fields name, then file).',
        // A person's files, for their comments: an API key needs the `personal` scope.
        personal: true,
      },
      async (request, reply, { actor }) => {
        const upload = receiveUpload(deps, storage, actor, request);
        // An upload whose client stops sending ends after UPLOAD_IDLE_TIMEOUT_MS: the part being
        // stored is dropped with its temporary file, and the answer closes the connection, since
        // the rest of the body will never be read.
        const stall = idleTimer(request.raw, deps.config.UPLOAD_IDLE_TIMEOUT_MS);
        try {
          return reply.send(await Promise.race([upload.done, stall.stalled]));
        } catch (error) {
          if (error === STALLED) {
            await upload.abandon();
            reply.header('Connection', 'close');
            throw new AppError('malformed_api_request', { reason: 'the upload stopped arriving' });
          }
          throw error;
        } finally {
          stall.stop();
        }
      },
    );
  });

  registerRawRoute(
    app,
    deps,
    {
      method: 'GET',
      path: contract.DOWNLOAD_PATH,
      summary: 'Downloads a file the caller may read.',
      // Files of discussions are read as their discussions are: an API key needs `personal`.
      personal: true,
      querystring: contract.DownloadQuery,
      // Sent as stored, with its Content-Length: a browser shows a download's size and progress
      // only from it, and most attachments (PDF, images, office files) are compressed already.
      compress: false,
    },
    async (request, reply, { actor }) => {
      const { code } = request.query as contract.DownloadQuery;
      const { file, stream } = await openFileForDownload(deps, storage, actor, code);
      return reply
        .header('Content-Type', file.mime)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', contentDisposition(file.name))
        .header('Cache-Control', 'private, no-store')
        .send(stream);
    },
  );
}
