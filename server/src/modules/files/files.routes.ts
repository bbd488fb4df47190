import type { Readable } from 'node:stream';
import { files as contract } from '@extranet/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../http/calls';
import { AppError } from '../../http/errors';
import { type Actor, findActor, parseAuthorization, slideSession } from '../../http/session';
import { contentDisposition, discardUpload, openFileForDownload, uploadFile } from './files.service';
import { LocalDirectoryDriver, type StorageDriver } from './storage';

/** The session check of registerCall, for the two routes that are not JSON calls. */
async function requireActor(deps: Deps, request: FastifyRequest): Promise<Actor> {
  const token = parseAuthorization(request.headers.authorization);
  const actor = token ? await findActor(deps.db, token) : undefined;
  if (!actor) throw new AppError('unauthorized');
  if (actor.limited) throw new AppError('forbidden');
  await slideSession(deps.db, actor.sessionId, deps.config.SESSION_IDLE_MINUTES);
  return actor;
}

function isMultipartLimit(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

export function registerFileRoutes(
  app: FastifyInstance,
  deps: Deps,
  storage: StorageDriver = new LocalDirectoryDriver(deps.config.filesDir),
) {
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

    scope.post(
      contract.UPLOAD_PATH,
      { schema: { summary: 'Uploads one file (multipart fields name, then file).', tags: ['files'] } },
      async (request, reply) => {
        const actor = await requireActor(deps, request);
        let name: string | undefined;
        let result: contract.UploadResponse | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'field') {
              if (part.fieldname === 'name' && typeof part.value === 'string') name = part.value;
              continue;
            }
            const stream = part.file as Readable & { truncated?: boolean };
            if (part.fieldname !== 'file' || result) {
              stream.resume();
              throw new AppError('too_many_files', { max: 1 });
            }
            try {
              result = await uploadFile(deps, storage, actor, { name: name || part.filename, stream });
            } catch (error) {
              // Read the rest of the refused file so that the client gets the answer.
              stream.unpipe();
              stream.resume();
              throw error;
            }
          }
        } catch (error) {
          // A refused request keeps nothing, not even a file of it that was complete.
          if (result) await discardUpload(deps, storage, result.code);
          if (isMultipartLimit(error, 'FST_FILES_LIMIT')) throw new AppError('too_many_files', { max: 1 });
          if (isMultipartLimit(error, 'FST_REQ_FILE_TOO_LARGE')) {
            throw new AppError('file_too_large', { max: deps.config.COMMENT_MAX_FILESIZE });
          }
          throw error;
        }
        if (!result) throw new AppError('malformed_api_request', 'no file');
        return reply.send(result);
      },
    );
  });

  app.get(
    contract.DOWNLOAD_PATH,
    {
      schema: {
        summary: 'Downloads a file the caller may read.',
        tags: ['files'],
        querystring: contract.DownloadQuery,
      },
    },
    async (request, reply) => {
      const actor = await requireActor(deps, request);
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
