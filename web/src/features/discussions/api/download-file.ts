import { files } from '@extranet/contract';
import { ApiError, apiHeaders, getPageConfig, toApiError } from '../../../shared/api';

/**
 * GET /files/download?code=...: the session travels in a header, so the file is fetched and
 * handed to the browser as a download under its own name.
 */
export async function downloadFile(file: { code: string; name: string }): Promise<void> {
  const config = getPageConfig();
  let response: Response;
  try {
    response = await fetch(
      `${config.apiBaseUrl}${files.DOWNLOAD_PATH}?code=${encodeURIComponent(file.code)}`,
      { headers: apiHeaders(), credentials: 'same-origin' },
    );
  } catch (error) {
    throw new ApiError('server_unavailable', error);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.startsWith('application/json')) {
    const body: unknown = await response.json().catch(() => undefined);
    throw toApiError(response.status, body) ?? new ApiError('server_error', 'a file was expected');
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
