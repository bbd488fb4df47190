import { useSyncExternalStore } from 'react';
import { ApiError } from '../api/api-error';
import { sessionToken } from './session-token';

/**
 * A session that ends while the user works (idle expiry, revoked elsewhere) is renewed in place:
 * a call refused with 401 waits here while a dialog over the page asks for the password, and is
 * then made again with the new session, so a save in progress goes through and nothing typed is
 * lost. Without a dialog on screen (at start, on the login pages) a 401 ends the session as before.
 */

type Listener = () => void;

const listeners = new Set<Listener>();
let prompts = 0;
let expired = false;
let waiters: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];

function emit(): void {
  for (const listener of listeners) listener();
}

function settle(outcome: { ok: true } | { ok: false; error: unknown }): void {
  const settled = waiters;
  waiters = [];
  expired = false;
  emit();
  for (const waiter of settled) {
    if (outcome.ok) waiter.resolve();
    else waiter.reject(outcome.error);
  }
}

// Signed in again in another tab (the stored code changed): the waiting calls go on with it.
sessionToken.subscribe(() => {
  if (expired && sessionToken.get() !== null) settle({ ok: true });
});

export const reauth = {
  /** The dialog of the signed-in frame is shown while the session is over; it registers itself. */
  registerPrompt(): () => void {
    prompts += 1;
    return () => {
      prompts -= 1;
    };
  },
  canPrompt: (): boolean => prompts > 0,
  isExpired: (): boolean => expired,
  /**
   * The session `refused` was refused: resolves once the user has signed in again (the call is
   * then made again), rejects when they sign out instead or the caller gives up.
   */
  waitForSession(refused: string, signal?: AbortSignal): Promise<void> {
    if (sessionToken.get() !== null && sessionToken.get() !== refused) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const waiter = { resolve, reject };
      waiters.push(waiter);
      signal?.addEventListener(
        'abort',
        () => {
          waiters = waiters.filter((other) => other !== waiter);
          reject(signal.reason);
        },
        { once: true },
      );
      if (!expired) {
        expired = true;
        emit();
      }
    });
  },
  /** Signed in again: the waiting calls are made again with the new session. */
  renewed(): void {
    settle({ ok: true });
  },
  /** The user signs out instead: the waiting calls fail, and the guard goes to the login page. */
  giveUp(): void {
    settle({ ok: false, error: new ApiError('unauthorized') });
    sessionToken.clear('refused');
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** True while the session is over and the dialog should ask for the password. */
export function useSessionExpired(): boolean {
  return useSyncExternalStore(reauth.subscribe, reauth.isExpired, reauth.isExpired);
}
