import {
  BACKGROUND_REFRESH_HEADER,
  type CallDef,
  type CallRequest,
  type CallResponse,
  decode,
  encode,
} from '@extranet/contract';
import { currentLanguage } from '../i18n';
import { reauth } from '../session/reauth';
import { sessionToken } from '../session/session-token';
import { notifyApiError } from '../ui/notify';
import { ApiError, toApiError } from './api-error';
import { getPageConfig } from './page-config';

export interface CallOptions {
  /** Cancels the request (TanStack Query passes one to every query function). */
  signal?: AbortSignal;
  /** Made by the app itself to keep a screen current: does not slide the session (DESIGN.md §5). */
  background?: boolean;
  /** false: a 401 fails at once instead of waiting for the user to sign in again (logout). */
  renewSession?: boolean;
}

type CallArgs<C extends CallDef> =
  // biome-ignore lint/complexity/noBannedTypes: a call whose request is the empty object may be made without input.
  {} extends CallRequest<C>
    ? [input?: CallRequest<C>, options?: CallOptions]
    : [input: CallRequest<C>, options?: CallOptions];

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * The headers of every request to the API: the language, the session when there is one, and the
 * background-refresh mark (a call that must not extend the session).
 */
export function apiHeaders(options?: { background?: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  const token = sessionToken.get();
  if (token) headers.Authorization = `SessionCode ${token}`;
  if (options?.background) headers[BACKGROUND_REFRESH_HEADER] = '1';
  return headers;
}

/**
 * Makes one API call: encodes the input with the call's request schema, POSTs it to
 * `${apiBaseUrl}${call.path}` with the session and language headers and the configured timeout,
 * decodes the result with the response schema. Every failure is thrown as an ApiError.
 */
export async function callApi<C extends CallDef>(
  call: C,
  ...[input, options]: CallArgs<C>
): Promise<CallResponse<C>> {
  const config = getPageConfig();

  let body: string;
  try {
    body = JSON.stringify(encode(call.request, input ?? {}));
  } catch (error) {
    throw new ApiError('malformed_api_request', error);
  }

  const token = sessionToken.get();
  const headers = { ...apiHeaders(options), 'Content-Type': 'application/json' };

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), config.timeoutMs);
  const callerSignal = options?.signal;
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

  let response: Response;
  let payload: unknown;
  try {
    response = await fetch(`${config.apiBaseUrl}${call.path}`, {
      method: 'POST',
      headers,
      body,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    payload = await readJson(response);
  } catch (error) {
    // A cancellation asked for by the caller is not a failure: let TanStack Query see the abort.
    if (callerSignal?.aborted) throw error;
    throw new ApiError('server_unavailable', error);
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }

  const error = toApiError(response.status, payload);
  if (error) {
    if (error.code === 'unauthorized' && token) {
      // 401: the session is over (expired, revoked elsewhere). While the user works, the dialog
      // asks for the password and the call is made again with the new session (reauth.ts);
      // otherwise the session is dropped and the guard sends the user to login.
      if (reauth.canPrompt() && options?.renewSession !== false) {
        await reauth.waitForSession(token, callerSignal);
        return callApi(call, ...([input, options] as CallArgs<C>));
      }
      if (sessionToken.get() === token) {
        sessionToken.clear('refused');
        notifyApiError(error);
      }
    }
    throw error;
  }
  if (payload === undefined) throw new ApiError('server_error', 'The response is not JSON');

  try {
    return decode(call.response, payload) as CallResponse<C>;
  } catch (error) {
    console.error(`Unexpected response of ${call.path}`, error);
    throw new ApiError('server_error', error);
  }
}
