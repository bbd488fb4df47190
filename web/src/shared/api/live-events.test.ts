import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionToken } from '../session/session-token';
import { type LiveEvent, liveEvents, useLiveStream } from './live-events';
import { setPageConfig } from './page-config';

const TOKEN = 'a'.repeat(43);

/** A response whose body the test writes to, as the server would. */
function streamed() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

const until = (check: () => boolean) => vi.waitFor(() => expect(check(), String(check)).toBe(true));

beforeEach(() => {
  setPageConfig({
    apiBaseUrl: '/api',
    timeoutMs: 30_000,
    COMMENT_MAX_FILES: 5,
    COMMENT_MAX_FILESIZE: 1_000_000,
    COMMENT_ACCEPTED_FILES: '*',
    REPORT_ALLOWED_HOSTS: [],
    TRACKING_URLS: {},
  } as never);
  sessionToken.set(TOKEN);
});

afterEach(() => {
  sessionToken.clear('logout');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the live stream', () => {
  it('opens one stream with the session, hands its events on, and reconnects after it ends', async () => {
    const first = streamed();
    const second = streamed();
    const fetch = vi.fn().mockResolvedValueOnce(first.response).mockResolvedValueOnce(second.response);
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const events: LiveEvent[] = [];
    const unsubscribe = liveEvents.subscribe((event) => events.push(event));
    const hook = renderHook(() => useLiveStream());

    await until(() => liveEvents.isConnected());
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/events');
    expect(init.headers.Authorization).toBe(`SessionCode ${TOKEN}`);
    // A heartbeat, then events split across chunks.
    first.write(':\n\nevent: order\ndata: {"kind":"purch","id":7,');
    first.write('"progress":"sent","status":null}\n\nevent: notifications\ndata: {}\n\n');
    await until(() => events.length === 2);
    expect(events).toEqual([
      { type: 'order', kind: 'purch', id: 7, progress: 'sent', status: null },
      { type: 'notifications' },
    ]);

    // The server ends it (a restart): down, then back after the backoff, and screens read again.
    first.end();
    await until(() => !liveEvents.isConnected());
    await until(() => liveEvents.isConnected());
    expect(fetch).toHaveBeenCalledTimes(2);
    await until(() => events.length === 3);
    expect(events.at(-1)).toEqual({ type: 'resync' });

    hook.unmount();
    await until(() => !liveEvents.isConnected());
    unsubscribe();
  });

  it('comes back after the wait a server shutting down asks for (retry), not after its own backoff', async () => {
    const first = streamed();
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(first.response)
      .mockResolvedValue(new Response('{}', { status: 503 }));
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const hook = renderHook(() => useLiveStream());
    await until(() => liveEvents.isConnected());

    first.write('retry: 4321\n\n');
    first.end();
    await until(() => !liveEvents.isConnected());
    await until(() => timers.mock.calls.some(([, ms]) => ms === 4321));
    // The backoff (750 ms with this randomness) was not the wait.
    expect(timers.mock.calls.some(([, ms]) => ms === 750)).toBe(false);
    hook.unmount();
  });

  it('stays down while the server refuses it, trying again later', async () => {
    const fetch = vi.fn().mockResolvedValue(new Response('{}', { status: 503 }));
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const hook = renderHook(() => useLiveStream());
    await until(() => fetch.mock.calls.length >= 2);
    expect(liveEvents.isConnected()).toBe(false);
    hook.unmount();
  });

  it('opens nothing while signed out', async () => {
    sessionToken.clear('logout');
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const hook = renderHook(() => useLiveStream());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).not.toHaveBeenCalled();
    hook.unmount();
  });
});
