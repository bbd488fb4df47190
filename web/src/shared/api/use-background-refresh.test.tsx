import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionToken } from '../session/session-token';
import { SESSION_REFRESH_MS } from '../session/use-session';
import type { CallOptions } from './client';
import { liveEvents, type OrderMoveEvent, useLiveStream } from './live-events';
import { setPageConfig } from './page-config';
import { type BackgroundRefresh, useBackgroundRefresh } from './use-background-refresh';

const KEY = ['orders', 'purch', 'view', 7] as const;

function setup(
  enabled: boolean,
  answers: unknown[],
  extra: Partial<Omit<BackgroundRefresh<unknown>, 'queryKey' | 'fetch' | 'enabled'>> = {},
) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(KEY, 'loaded');
  const fetch = vi.fn(async (_options: CallOptions) => {
    const answer = answers.shift();
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    (props: { enabled: boolean }) => useBackgroundRefresh({ queryKey: KEY, fetch, ...extra, ...props }),
    {
      wrapper,
      initialProps: { enabled },
    },
  );
  return { queryClient, fetch, hook };
}

const tick = () => act(() => vi.advanceTimersByTimeAsync(SESSION_REFRESH_MS));

let hidden = false;

beforeEach(() => {
  vi.useFakeTimers();
  hidden = false;
  vi.spyOn(document, 'hidden', 'get').mockImplementation(() => hidden);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useBackgroundRefresh', () => {
  it('fetches again every session refresh as a background call and puts the answer on screen', async () => {
    const { queryClient, fetch } = setup(true, ['sent', 'sync']);
    expect(fetch).not.toHaveBeenCalled();
    await tick();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toMatchObject({ background: true });
    expect(queryClient.getQueryData(KEY)).toBe('sent');
    await tick();
    expect(queryClient.getQueryData(KEY)).toBe('sync');
  });

  it('keeps the data on screen when a refresh fails, and tries again next time', async () => {
    const { queryClient, fetch } = setup(true, [new Error('unreachable'), 'sent']);
    await tick();
    expect(queryClient.getQueryData(KEY)).toBe('loaded');
    await tick();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(queryClient.getQueryData(KEY)).toBe('sent');
  });

  it('does nothing while disabled or while the tab is hidden, and stops when disabled', async () => {
    const { fetch, hook } = setup(false, ['sent', 'sync']);
    await tick();
    expect(fetch).not.toHaveBeenCalled();
    hook.rerender({ enabled: true });
    hidden = true;
    await tick();
    expect(fetch).not.toHaveBeenCalled();
    hidden = false;
    await tick();
    expect(fetch).toHaveBeenCalledTimes(1);
    hook.rerender({ enabled: false });
    await tick();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

// The live stream, played by the test: each connection the app opens waits for the test to answer
// it with a stream it writes events to (and ends), as the server would.
const pending: Array<(response: Response) => void> = [];
let current: { write(text: string): void; end(): void } | undefined;
let stream: { unmount(): void } | undefined;

function startLiveStream() {
  setPageConfig({ apiBaseUrl: '/api' } as never);
  sessionToken.set('a'.repeat(43));
  vi.spyOn(Math, 'random').mockReturnValue(0);
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>((resolve) => pending.push(resolve))),
  );
  stream = renderHook(() => useLiveStream());
}

async function connect() {
  await vi.waitFor(() => expect(pending.length).toBeGreaterThan(0));
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  current = { write: (text) => controller.enqueue(encoder.encode(text)), end: () => controller.close() };
  await act(async () => pending.shift()!(new Response(body, { status: 200 })));
  await vi.waitFor(() => expect(liveEvents.isConnected()).toBe(true));
}

async function disconnect() {
  await act(async () => current!.end());
  await vi.waitFor(() => expect(liveEvents.isConnected()).toBe(false));
}

afterEach(async () => {
  stream?.unmount();
  stream = undefined;
  pending.length = 0;
  await vi.waitFor(() => expect(liveEvents.isConnected()).toBe(false));
  sessionToken.clear('logout');
  vi.unstubAllGlobals();
});

const move = (id: number, progress = 'sent'): OrderMoveEvent => ({
  type: 'order',
  kind: 'purch',
  id,
  progress,
  status: null,
});
const push = (event: OrderMoveEvent) =>
  act(async () => {
    const { type: _type, ...data } = event;
    current!.write(`event: order\ndata: ${JSON.stringify(data)}\n\n`);
    await vi.advanceTimersByTimeAsync(0);
  });
/** Waits for the fetches the screen makes to reach `count`, and checks it goes no further. */
async function fetchedTimes(fetch: { mock: { calls: unknown[] } }, count: number) {
  await vi.waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThanOrEqual(count));
  await act(() => vi.advanceTimersByTimeAsync(0));
  expect(fetch.mock.calls).toHaveLength(count);
}
const ofOrder7 = (event: OrderMoveEvent) => event.id === 7;

describe('useBackgroundRefresh with the live stream', () => {
  it('does not poll while the stream is connected, and refreshes on a pushed move of its data only', async () => {
    startLiveStream();
    const { queryClient, fetch } = setup(true, ['sent'], { refreshOn: ofOrder7 });
    await connect();
    await tick();
    await tick();
    expect(fetch).not.toHaveBeenCalled();
    await push(move(8));
    await push(move(7));
    await fetchedTimes(fetch, 1);
    expect(fetch.mock.calls[0]![0]).toMatchObject({ background: true });
    await vi.waitFor(() => expect(queryClient.getQueryData(KEY)).toBe('sent'));
  });

  it('falls back to polling while the stream is down, and stops polling when it is back', async () => {
    startLiveStream();
    const { fetch } = setup(true, ['sent', 'sync', 'done'], { refreshOn: ofOrder7 });
    await connect();
    await tick();
    expect(fetch).not.toHaveBeenCalled();
    await disconnect();
    await tick();
    expect(fetch).toHaveBeenCalledTimes(1);
    await connect();
    // Back after a break: read once, since moves may have gone by unseen; then no more polling.
    await fetchedTimes(fetch, 2);
    await tick();
    await tick();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('polls as before for data that names no pushed moves, connected or not', async () => {
    startLiveStream();
    const { fetch } = setup(true, ['sent']);
    await connect();
    await tick();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('makes one refresh of a burst of moves within minGapMs', async () => {
    startLiveStream();
    const { fetch } = setup(true, ['a', 'b', 'c'], { refreshOn: ofOrder7, minGapMs: 5000 });
    await connect();
    await push(move(7));
    await fetchedTimes(fetch, 1);
    await push(move(7, 'sync'));
    await push(move(7, 'failure'));
    expect(fetch).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await fetchedTimes(fetch, 2);
  });

  it('follows pushed moves where it would not poll (listen), and never polls for them', async () => {
    startLiveStream();
    const { fetch } = setup(false, ['ready'], { refreshOn: ofOrder7, listen: true });
    await tick();
    expect(fetch).not.toHaveBeenCalled();
    await connect();
    await push(move(7, 'ready'));
    await fetchedTimes(fetch, 1);
  });

  it('catches up on a move pushed while the tab was hidden once it is shown', async () => {
    startLiveStream();
    const { fetch } = setup(true, ['sent'], { refreshOn: ofOrder7 });
    await connect();
    hidden = true;
    await push(move(7));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(fetch).not.toHaveBeenCalled();
    hidden = false;
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(0);
    });
    await fetchedTimes(fetch, 1);
  });
});
