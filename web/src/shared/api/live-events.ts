import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { useEffect, useSyncExternalStore } from 'react';
import { sessionToken, useSessionToken } from '../session/session-token';
import { apiHeaders } from './client';
import { getPageConfig } from './page-config';

/**
 * Live updates: one stream of Server-Sent Events per tab while signed in (`GET /api/events`), read
 * with fetch (an EventSource cannot send the session header) and eventsource-parser. While it is
 * connected, screens refresh when the server says something of theirs moved; while it is down
 * they poll as before (use-background-refresh.ts). It reconnects on its own, waiting longer after
 * each failure.
 */

export type OrderMoveEvent = {
  type: 'order';
  kind: 'purch' | 'sales';
  id: number;
  progress: string;
  /** The warehouse's status code. */
  status: string | null;
};

export type LiveEvent =
  /** The user's bell changed. */
  | { type: 'notifications' }
  | OrderMoveEvent
  /** The stream is back after a break: events may have been missed, what is on screen is read again. */
  | { type: 'resync' };

type Listener = (event: LiveEvent) => void;

/** Waits after a failure: 1 s, 2 s, 4 s … up to 30 s, a little more or less at random. */
export function backoffMs(failures: number): number {
  const base = Math.min(30_000, 1_000 * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.75 + Math.random() * 0.5));
}
/** The server writes at least every 25 s: silence past this means the connection is gone. */
const SILENCE_MS = 60_000;

/**
 * The wait the server asked for before its stream ended (the SSE `retry` field, sent by an instance
 * shutting down): used once, instead of the backoff.
 */
let retryHintMs: number | undefined;

const listeners = new Set<Listener>();
const connectionListeners = new Set<() => void>();
let connected = false;

function setConnected(next: boolean): void {
  if (connected === next) return;
  connected = next;
  for (const listener of connectionListeners) listener();
}

function emit(event: LiveEvent): void {
  for (const listener of listeners) listener(event);
}

function toLiveEvent(message: EventSourceMessage): LiveEvent | undefined {
  if (message.event === 'notifications') return { type: 'notifications' };
  if (message.event !== 'order') return undefined;
  try {
    const data = JSON.parse(message.data) as Omit<OrderMoveEvent, 'type'>;
    if ((data.kind !== 'purch' && data.kind !== 'sales') || typeof data.id !== 'number') return undefined;
    return { type: 'order', kind: data.kind, id: data.id, progress: data.progress, status: data.status };
  } catch {
    return undefined;
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** Reads one connection to its end; true when it was connected at all. */
async function readOnce(signal: AbortSignal): Promise<boolean> {
  const attempt = new AbortController();
  const stop = () => attempt.abort();
  signal.addEventListener('abort', stop, { once: true });
  let silence: ReturnType<typeof setTimeout> | undefined;
  const heard = () => {
    clearTimeout(silence);
    silence = setTimeout(stop, SILENCE_MS);
  };
  try {
    const response = await fetch(`${getPageConfig().apiBaseUrl}/events`, {
      headers: { ...apiHeaders({ background: true }), Accept: 'text/event-stream' },
      signal: attempt.signal,
      cache: 'no-store',
      credentials: 'same-origin',
    });
    if (!response.ok || !response.body) return false;
    const parser = createParser({
      onEvent: (message) => {
        const event = toLiveEvent(message);
        if (event) emit(event);
      },
      onRetry: (ms) => {
        retryHintMs = ms;
      },
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    // Stopped (signed out, silence): the read in progress ends at once.
    attempt.signal.addEventListener('abort', () => void reader.cancel().catch(() => {}), { once: true });
    heard();
    setConnected(true);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      heard();
      parser.feed(value);
    }
    return true;
  } catch {
    return connected;
  } finally {
    clearTimeout(silence);
    signal.removeEventListener('abort', stop);
    setConnected(false);
  }
}

/** Keeps a stream open for the session until `signal` aborts: reconnects with backoff. */
async function run(signal: AbortSignal): Promise<void> {
  let failures = 0;
  let wasConnected = false;
  const resyncOnConnect = () => {
    // Once the screens have re-rendered for the connection (and listen for events again).
    if (connected && wasConnected) setTimeout(() => emit({ type: 'resync' }), 0);
    if (connected) wasConnected = true;
  };
  connectionListeners.add(resyncOnConnect);
  try {
    while (!signal.aborted && sessionToken.get()) {
      const reached = await readOnce(signal);
      if (signal.aborted) return;
      failures = reached ? 1 : failures + 1;
      const hint = reached ? retryHintMs : undefined;
      retryHintMs = undefined;
      await sleep(hint ?? backoffMs(failures), signal);
    }
  } finally {
    connectionListeners.delete(resyncOnConnect);
  }
}

export const liveEvents = {
  /** Whether events are coming now (else screens poll). */
  isConnected: (): boolean => connected,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  subscribeConnection(listener: () => void): () => void {
    connectionListeners.add(listener);
    return () => {
      connectionListeners.delete(listener);
    };
  },
};

/** Whether the live stream is connected, for a component. */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(liveEvents.subscribeConnection, liveEvents.isConnected, () => false);
}

/**
 * Keeps this tab's stream open while the session lasts (one per tab: mounted once, in the signed-in
 * frame); a new session opens a new stream.
 */
export function useLiveStream(): void {
  const token = useSessionToken();
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    void run(controller.signal);
    return () => controller.abort();
  }, [token]);
}
