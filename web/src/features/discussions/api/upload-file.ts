import { decode, type ErrorCode, files } from '@extranet/contract';
import { ApiError, getPageConfig } from '../../../shared/api';
import { currentLanguage } from '../../../shared/i18n';
import { sessionToken } from '../../../shared/session';

function codeForStatus(status: number): ErrorCode {
  if (status === 400) return 'malformed_api_request';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  return 'server_error';
}

function failureOf(body: unknown): { code: ErrorCode; details?: unknown } | undefined {
  if (typeof body !== 'object' || body === null || !('failure' in body)) return undefined;
  return (body as { failure: { code: ErrorCode; details?: unknown } }).failure;
}

/**
 * POST /files/upload (multipart: name first, then the file). Sent with XMLHttpRequest, the one
 * browser API that reports upload progress; errors are the api client's ApiError codes.
 */
export function uploadFile(
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<files.UploadResponse> {
  const config = getPageConfig();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${config.apiBaseUrl}${files.UPLOAD_PATH}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    const token = sessionToken.get();
    if (token) xhr.setRequestHeader('Authorization', `SessionCode ${token}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const failure = failureOf(xhr.response);
      if (xhr.status !== 200) {
        reject(new ApiError(codeForStatus(xhr.status), failure));
      } else if (failure) {
        reject(new ApiError(failure.code, failure.details));
      } else {
        try {
          resolve(decode(files.UploadResponse, xhr.response));
        } catch (error) {
          reject(new ApiError('server_error', error));
        }
      }
    };
    xhr.onerror = () => reject(new ApiError('server_unavailable'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('name', file.name);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
