import { useSyncExternalStore } from 'react';

/** The session code lives in localStorage so that a reload (or another tab) keeps the user signed in. */
export const SESSION_STORAGE_KEY = 'session_code';

type Listener = () => void;

const listeners = new Set<Listener>();

function readStored(): string | null {
  try {
    const value = window.localStorage.getItem(SESSION_STORAGE_KEY);
    return value ? value : null;
  } catch {
    return null;
  }
}

let token: string | null = readStored();
/** Why the session last ended: an explicit logout goes to a plain login page, without redirectTo. */
export type SessionEndReason = 'logout' | 'refused' | 'other-tab';
let endReason: SessionEndReason | null = null;

function emit(): void {
  for (const listener of listeners) listener();
}

function write(next: string | null, reason: SessionEndReason | null): void {
  if (next === token) return;
  token = next;
  endReason = next ? null : reason;
  try {
    if (next) window.localStorage.setItem(SESSION_STORAGE_KEY, next);
    else window.localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode); the session then lasts for this page only.
  }
  emit();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return;
    const next = readStored();
    if (next === token) return;
    token = next;
    endReason = next ? null : 'other-tab';
    emit();
  });
}

export const sessionToken = {
  get: (): string | null => token,
  set: (code: string): void => write(code, null),
  clear: (reason: SessionEndReason = 'refused'): void => write(null, reason),
  endReason: (): SessionEndReason | null => endReason,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function useSessionToken(): string | null {
  return useSyncExternalStore(sessionToken.subscribe, sessionToken.get, sessionToken.get);
}
