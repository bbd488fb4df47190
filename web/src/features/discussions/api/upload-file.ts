import { decode, files } from '@extranet/contract';
import { postMultipart } from '../../../shared/api';

/** POST /files/upload (multipart: name first, then the file), with its progress. */
export function uploadFile(
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<files.UploadResponse> {
  const form = new FormData();
  form.append('name', file.name);
  form.append('file', file, file.name);
  return postMultipart(files.UPLOAD_PATH, form, {
    ...options,
    decode: (body) => decode(files.UploadResponse, body),
  });
}
