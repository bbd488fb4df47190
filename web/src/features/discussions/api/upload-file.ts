import { decode, files } from '@extranet/contract';
import { ApiError, apiHeaders, getPageConfig, toApiError } from '../../../shared/api';

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
