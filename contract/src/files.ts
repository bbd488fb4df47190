import { z } from 'zod';
import { FileCode } from './discussions';

/**
 * Files are not JSON calls (DESIGN.md §3): `POST /api/files/upload` takes multipart fields `name`
 * (sent first) and `file`; `GET /api/files/download?code=...` answers the bytes. Both need the
 * session header.
 */
export const UPLOAD_PATH = '/files/upload';
export const DOWNLOAD_PATH = '/files/download';

export const UploadResponse = z.object({
  code: FileCode,
  name: z.string(),
  ext: z.string(),
  size: z.int().min(1),
});
export type UploadResponse = z.infer<typeof UploadResponse>;

export const DownloadQuery = z.object({ code: FileCode });
export type DownloadQuery = z.infer<typeof DownloadQuery>;

/** The extension of a file name, lower case with its dot ('.pdf'), or '' when it has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot).toLowerCase() : '';
}

/**
 * Whether a file is accepted by a COMMENT_ACCEPTED_FILES list: comma-separated extensions
 * ('.pdf') and MIME types, with 'type/*' wildcards ('image/*'), as the HTML accept attribute.
 */
export function isAcceptedFile(accepted: string, name: string, mime: string): boolean {
  const ext = fileExtension(name);
  const type = mime.toLowerCase();
  return accepted
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .some((entry) => {
      if (entry.startsWith('.')) return entry === ext;
      if (entry.endsWith('/*')) return type.startsWith(entry.slice(0, -1));
      return entry === type;
    });
}
