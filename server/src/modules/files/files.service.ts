import { randomBytes } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { files as contract } from '@extranet/contract';
import type { Executor } from '../../db/client';
import type { Deps } from '../../http/calls';
import { AppError } from '../../http/errors';
import type { Actor } from '../../http/session';
import {
  attachFiles as attachFileRows,
  deleteUnattachedFile,
  findFileForActor,
  insertFile,
} from './files.repository';
import type { StorageDriver } from './storage';
import { newStorageKey } from './storage-key';

const MIME_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.odt': 'application/vnd.oasis.opendocument.text',
  '.ods': 'application/vnd.oasis.opendocument.spreadsheet',
  '.zip': 'application/zip',
};

/**
 * The type a file is served with comes from its extension, never from what the client claimed,
 * so an upload cannot choose how a browser treats it.
 */
export function mimeTypeOf(name: string): string {
  return MIME_TYPES[contract.fileExtension(name)] ?? 'application/octet-stream';
}

const MAX_NAME_LENGTH = 255;

/**
 * Control characters, and the Unicode marks that reorder text shown around them (bidi embeddings,
 * overrides and isolates): `invoice\u202Eexe.txt` would read as `invoicetxt.exe`.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name a file is shown and downloaded under: its last path segment (clients such as old
 * browsers send full paths), without control or bidi characters, at most 255 characters with its
 * extension. The accepted-type check reads this name, the one people will see.
 */
export function cleanFileName(raw: string): string {
  const base = (raw.split(/[/\\]/).pop() ?? '').replace(INVISIBLE, '').trim();
  if (!base || base === '.' || base === '..') throw new AppError('file_name_invalid');
  if (base.length <= MAX_NAME_LENGTH) return base;
  const ext = contract.fileExtension(base).slice(0, 20);
  return base.slice(0, MAX_NAME_LENGTH - ext.length) + ext;
}

/** Counts the bytes passing through and fails as soon as there are more than allowed. */
class SizeLimit extends Transform {
  size = 0;
  constructor(private readonly max: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.max) done(new AppError('file_too_large', { max: this.max }));
    else done(null, chunk);
  }
  override _flush(done: TransformCallback) {
    done(this.size === 0 ? new AppError('file_empty') : null);
  }
}

/**
 * Checks name and type before a byte is stored, then streams the file to storage (never held in
 * memory whole) and records it as the uploader's, unattached. A refused upload leaves nothing.
 */
export async function uploadFile(
  deps: Deps,
  storage: StorageDriver,
  actor: Actor,
  upload: { name: string; stream: Readable & { truncated?: boolean } },
): Promise<contract.UploadResponse> {
  const name = cleanFileName(upload.name);
  const mime = mimeTypeOf(name);
  if (!contract.isAcceptedFile(deps.config.COMMENT_ACCEPTED_FILES, name, mime)) {
    throw new AppError('file_type_not_accepted', { accepted: deps.config.COMMENT_ACCEPTED_FILES });
  }
  const key = newStorageKey();
  const limit = new SizeLimit(deps.config.COMMENT_MAX_FILESIZE);
  // The driver starts reading only after its own set-up: until then an early error (an empty or
  // oversized file) stays on the stream, where the driver's pipeline finds it.
  limit.on('error', () => {});
  // pipe() passes on data, not failures: a file stream that breaks off (the body was cut, the
  // upload abandoned) fails the stored copy too, which the driver then removes.
  upload.stream.once('error', (error) => limit.destroy(error));
  await storage.put(key, upload.stream.pipe(limit));
  if (upload.stream.truncated) {
    await storage.remove(key);
    throw new AppError('file_too_large', { max: deps.config.COMMENT_MAX_FILESIZE });
  }
  try {
    const row = await insertFile(deps.db, {
      code: randomBytes(24).toString('base64url'),
      name,
      ext: contract.fileExtension(name),
      mime,
      size: limit.size,
      storageKey: key,
      uploaderId: actor.userId,
    });
    return { code: row.code, name: row.name, ext: row.ext, size: row.size };
  } catch (error) {
    await storage.remove(key);
    throw error;
  }
}

/**
 * Stores a file the server received whole (a warehouse document): the same name, type and size
 * rules as an upload, kept with no uploader inside the caller's transaction. The bytes go to
 * storage first; `discard` takes them back when the transaction does not commit.
 */
export async function storeReceivedFile(
  tx: Executor,
  options: { deps: Deps; storage: StorageDriver; name: string; data: Buffer },
) {
  const { deps, storage, data } = options;
  const name = cleanFileName(options.name);
  const mime = mimeTypeOf(name);
  if (!contract.isAcceptedFile(deps.config.COMMENT_ACCEPTED_FILES, name, mime)) {
    throw new AppError('file_type_not_accepted', { accepted: deps.config.COMMENT_ACCEPTED_FILES });
  }
  if (data.length === 0) throw new AppError('file_empty');
  if (data.length > deps.config.COMMENT_MAX_FILESIZE) {
    throw new AppError('file_too_large', { max: deps.config.COMMENT_MAX_FILESIZE });
  }
  const key = newStorageKey();
  await storage.put(key, Readable.from([data]));
  const row = await insertFile(tx, {
    code: randomBytes(24).toString('base64url'),
    name,
    ext: contract.fileExtension(name),
    mime,
    size: data.length,
    storageKey: key,
    uploaderId: null,
  });
  return { row, discard: () => storage.remove(key) };
}

/** Takes back an upload of a request refused after it was stored (a second file in the request). */
export async function discardUpload(deps: Deps, storage: StorageDriver, code: string) {
  const row = await deleteUnattachedFile(deps.db, code);
  if (row) await storage.remove(row.storageKey);
}

/** The file and its bytes, or file_not_found for a file the actor may not read. */
export async function openFileForDownload(deps: Deps, storage: StorageDriver, actor: Actor, code: string) {
  const file = await findFileForActor(deps.db, actor, code);
  if (!file) throw new AppError('file_not_found');
  return { file, stream: await storage.get(file.storageKey) };
}

/**
 * Attaches uploads to a new comment inside its transaction: only the actor's own uploads not
 * attached yet, at most COMMENT_MAX_FILES of them.
 */
export async function attachFiles(
  tx: Executor,
  deps: Deps,
  options: { actor: Actor; codes: string[]; commentId: number },
): Promise<void> {
  const codes = [...new Set(options.codes)];
  if (codes.length > deps.config.COMMENT_MAX_FILES) {
    throw new AppError('too_many_files', { max: deps.config.COMMENT_MAX_FILES });
  }
  const attached = await attachFileRows(tx, {
    uploaderId: options.actor.userId,
    codes,
    commentId: options.commentId,
  });
  if (attached !== codes.length) throw new AppError('file_not_found');
}

/**
 * `attachment; filename="..."; filename*=UTF-8''...` (RFC 6266 and RFC 5987): an ASCII fallback
 * for old clients and the exact name, percent-encoded, for the rest.
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
