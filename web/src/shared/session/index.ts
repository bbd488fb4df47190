export { safeRedirectTarget, withRedirectTo } from './redirect';
export { SESSION_STORAGE_KEY, type SessionEndReason, sessionToken, useSessionToken } from './session-token';
export {
  bindSessionToCache,
  endSession,
  getSessionQueryOptions,
  restoreSession,
  SESSION_QUERY_KEY,
  SESSION_REFRESH_MS,
  type Session,
  type SessionState,
  startSession,
  useSession,
  useSessionState,
} from './use-session';
