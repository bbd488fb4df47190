import { ApiError, toApiError } from './api-error';
import { apiHeaders } from './client';
import { getPageConfig } from './page-config';

/**
 * POSTs a multipart form to the API. Sent with XMLHttpRequest, the one browser API that reports
 * upload progress; the answer is decoded by the caller's schema, errors are the api client's
 * ApiError codes.
 */
export function postMultipart<T>(
  path: string,
  form: FormData,
  options: { decode: (body: unknown) => T; onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<T> {
  const config = getPageConfig();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${config.apiBaseUrl}${path}`);
    for (const [name, value] of Object.entries(apiHeaders())) xhr.setRequestHeader(name, value);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const error = toApiError(xhr.status, xhr.response);
      if (error) {
        reject(error);
      } else {
        try {
          resolve(options.decode(xhr.response));
        } catch (error) {
          reject(new ApiError('server_error', error));
        }
      }
    };
    xhr.onerror = () => reject(new ApiError('server_unavailable'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
