import { reauth } from '../session/reauth';
import { sessionToken } from '../session/session-token';
import { ApiError, isApiError, toApiError } from './api-error';
import { apiHeaders } from './client';
import { getPageConfig } from './page-config';

/**
 * POSTs a multipart form to the API. Sent with XMLHttpRequest, the one browser API that reports
 * upload progress; the answer is decoded by the caller's schema, errors are the api client's
 * ApiError codes.
 */
export async function postMultipart<T>(
  path: string,
  form: FormData,
  options: { decode: (body: unknown) => T; onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<T> {
  const token = sessionToken.get();
  try {
    return await sendMultipart(path, form, options);
  } catch (error) {
    // The session ended meanwhile: sent again once the user has signed in again (reauth.ts).
    if (!(isApiError(error) && error.code === 'unauthorized' && token && reauth.canPrompt())) throw error;
    await reauth.waitForSession(token, options.signal);
    return sendMultipart(path, form, options);
  }
}

function sendMultipart<T>(
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
