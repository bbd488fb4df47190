import { type ErrorCode, files, isErrorCode } from '@extranet/contract';
import { ApiError, getPageConfig } from '../../../shared/api';
import { currentLanguage } from '../../../shared/i18n';
import { sessionToken } from '../../../shared/session';

/**
 * GET /files/download?code=...: the session travels in a header, so the file is fetched and
 * handed to the browser as a download under its own name.
 */
export async function downloadFile(file: { code: string; name: string }): Promise<void> {
  const config = getPageConfig();
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  const token = sessionToken.get();
  if (token) headers.Authorization = `SessionCode ${token}`;
  let response: Response;
  try {
    response = await fetch(
      `${config.apiBaseUrl}${files.DOWNLOAD_PATH}?code=${encodeURIComponent(file.code)}`,
      {
        headers,
        credentials: 'same-origin',
      },
    );
  } catch (error) {
    throw new ApiError('server_unavailable', error);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.startsWith('application/json')) {
    const body = (await response.json().catch(() => undefined)) as
      | { failure?: { code?: unknown } }
      | undefined;
    const code: ErrorCode = isErrorCode(body?.failure?.code)
      ? body.failure.code
      : response.status === 401
        ? 'unauthorized'
        : 'server_error';
    throw new ApiError(code, body?.failure);
  }
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = file.name;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
