import { defineCall, zDate, zDecimal } from '@extranet/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { changeLanguage } from '../i18n';
import { sessionToken } from '../session/session-token';
import { ApiError, toApiError } from './api-error';
import { callApi } from './client';
import { setPageConfig } from './page-config';

const echo = defineCall({
  path: '/test/echo',
  summary: 'test call',
  access: 'session',
  request: z.object({ day: zDate, amount: zDecimal }),
  response: z.object({ day: zDate, total: zDecimal }),
});

function respond(status: number, body: unknown) {
  return vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  setPageConfig({
    apiBaseUrl: '/api',
    timeoutMs: 200,
    COMMENT_MAX_FILES: 1,
    COMMENT_MAX_FILESIZE: 1,
    COMMENT_ACCEPTED_FILES: '*',
  });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  sessionToken.clear();
  await changeLanguage('en');
});

describe('callApi', () => {
  it('posts the encoded input with session and language headers and decodes the result', async () => {
    const fetch = respond(200, { day: { $date: '2026-11-21' }, total: { $decimal: '12.500' } });
    vi.stubGlobal('fetch', fetch);
    sessionToken.set('token-1');
    await changeLanguage('lv');

    const result = await callApi(echo, { day: '2026-11-20', amount: '0.000' });

    expect(result).toEqual({ day: '2026-11-21', total: '12.500' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/test/echo');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      day: { $date: '2026-11-20' },
      amount: { $decimal: '0.000' },
    });
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('SessionCode token-1');
    expect(headers['Accept-Language']).toBe('lv');
  });

  it('sends no Authorization header without a session', async () => {
    const fetch = respond(200, { day: { $date: '2026-11-21' }, total: { $decimal: '1' } });
    vi.stubGlobal('fetch', fetch);
    await callApi(echo, { day: '2026-11-20', amount: '1' });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('marks a background refresh, and only that, so it does not keep the session alive', async () => {
    const fetch = respond(200, { day: { $date: '2026-11-21' }, total: { $decimal: '1' } });
    vi.stubGlobal('fetch', fetch);
    await callApi(echo, { day: '2026-11-20', amount: '1' }, { background: true });
    await callApi(echo, { day: '2026-11-20', amount: '1' });
    const headersOf = (i: number) => (fetch.mock.calls[i] as unknown as [string, RequestInit])[1].headers;
    expect(headersOf(0)).toMatchObject({ 'x-background-refresh': '1' });
    expect(headersOf(1)).not.toHaveProperty('x-background-refresh');
  });

  it('rejects a 200 answer carrying a failure with its code and details', async () => {
    vi.stubGlobal('fetch', respond(200, { failure: { code: 'order_incomplete', details: { lines: 0 } } }));
    const error = await failureOf(callApi(echo, { day: '2026-11-20', amount: '1' }));
    expect(error.code).toBe('order_incomplete');
    expect(error.details).toEqual({ lines: 0 });
  });

  it.each([
    [400, 'crud_filter_unknown', 'malformed_api_request'],
    [403, 'forbidden', 'forbidden'],
    [404, 'not_found', 'server_error'],
    [500, 'server_error', 'server_error'],
    [502, undefined, 'server_error'],
    [503, 'query_too_slow', 'query_too_slow'],
    [503, 'server_unavailable', 'server_unavailable'],
    [503, undefined, 'server_unavailable'],
    [429, 'rate_limited', 'rate_limited'],
  ])('maps HTTP %i (%s) to %s', async (status, code, expected) => {
    vi.stubGlobal('fetch', respond(status, code ? { failure: { code } } : 'Bad gateway'));
    const error = await failureOf(callApi(echo, { day: '2026-11-20', amount: '1' }));
    expect(error.code).toBe(expected);
  });

  it('maps HTTP 401 to unauthorized and drops the session', async () => {
    vi.stubGlobal('fetch', respond(401, { failure: { code: 'unauthorized' } }));
    sessionToken.set('expired');
    const error = await failureOf(callApi(echo, { day: '2026-11-20', amount: '1' }));
    expect(error.code).toBe('unauthorized');
    expect(sessionToken.get()).toBeNull();
    expect(window.localStorage.getItem('session_code')).toBeNull();
  });

  it('maps a network failure to server_unavailable', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await failureOf(callApi(echo, { day: '2026-11-20', amount: '1' }));
    expect(error.code).toBe('server_unavailable');
  });

  it('gives up after the configured timeout with server_unavailable', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const error = await failureOf(callApi(echo, { day: '2026-11-20', amount: '1' }));
    // The stub answers only when aborted: reaching here means the timeout aborted the request.
    expect(error.code).toBe('server_unavailable');
  });

  it('lets a cancellation by the caller through as an abort, not as a failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const controller = new AbortController();
    const pending = callApi(echo, { day: '2026-11-20', amount: '1' }, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('treats an answer that does not match the response schema as server_error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', respond(200, { day: '2026-11-21', total: 12.5 }));
    const error = await failureOf(callApi(echo, { day: '2026-11-20', amount: '1' }));
    expect(error.code).toBe('server_error');
  });
});

describe('toApiError, the one mapping of answers for calls, uploads and downloads', () => {
  it.each([
    [400, { failure: { code: 'file_too_large' } }, 'malformed_api_request'],
    [401, undefined, 'unauthorized'],
    [403, { failure: { code: 'forbidden' } }, 'forbidden'],
    [413, 'not json', 'server_error'],
    [429, { failure: { code: 'rate_limited' } }, 'rate_limited'],
    [502, undefined, 'server_error'],
    [503, { failure: { code: 'query_too_slow' } }, 'query_too_slow'],
    [503, { failure: { code: 'server_unavailable' } }, 'server_unavailable'],
    [503, 'Service Unavailable', 'server_unavailable'],
    [503, { failure: { code: 'order_incomplete' } }, 'server_unavailable'],
    [200, { failure: { code: 'order_incomplete', details: { problems: 1 } } }, 'order_incomplete'],
    [200, { failure: { code: 'no_such_code' } }, 'server_error'],
  ] as const)('maps HTTP %i with %j to %s', (status, body, code) => {
    expect(toApiError(status, body)?.code).toBe(code);
  });

  it('keeps the failure of an HTTP error as its details, and answers nothing for a success', () => {
    expect(toApiError(400, { failure: { code: 'malformed_api_request', details: 'x' } })?.details).toEqual({
      code: 'malformed_api_request',
      details: 'x',
    });
    expect(toApiError(200, { items: [] })).toBeUndefined();
    expect(toApiError(200, { failure: null })).toBeUndefined();
  });
});
