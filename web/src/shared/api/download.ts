import { type CallDef, type CallRequest, encode, isTimeZone } from '@extranet/contract';
import { ApiError, toApiError } from './api-error';
import { apiHeaders } from './client';
import { getPageConfig } from './page-config';

/** The file name a response's Content-Disposition gives, if any. */
function fileNameOf(response: Response): string | undefined {
  const disposition = response.headers.get('content-disposition') ?? '';
  return disposition.match(/filename="([^"]+)"/)?.[1];
}

/**
 * Fetches a file with the session's headers (which a plain link cannot send) and hands it to the
 * browser as a download: under `name`, or the name the server gives. A refusal (JSON instead of a
 * file) is thrown as an ApiError, like any call's.
 */
export async function downloadFrom(path: string, init: RequestInit = {}, name?: string): Promise<void> {
  const config = getPageConfig();
  let response: Response;
  try {
    response = await fetch(`${config.apiBaseUrl}${path}`, {
      ...init,
      headers: { ...apiHeaders(), ...(init.headers as Record<string, string> | undefined) },
      credentials: 'same-origin',
    });
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
    link.download = name ?? fileNameOf(response) ?? 'download';
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

/** The browser's time zone, which the screens show times in; undefined if it has no IANA name. */
function browserTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : undefined;
}

/**
 * An export call (contract `exportRequest`): the list's filters and ordering, as a file, with
 * times in the browser's zone as the screens show them.
 */
export function downloadExport<C extends CallDef>(call: C, input: CallRequest<C>): Promise<void> {
  const zoned = { tz: browserTimeZone(), ...(input as object) } as CallRequest<C>;
  return downloadFrom(call.path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(encode(call.request, zoned)),
  });
}
