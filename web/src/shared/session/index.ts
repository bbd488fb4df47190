export { reauth, useSessionExpired } from './reauth';
export { safeRedirectTarget, withRedirectTo } from './redirect';
export {
  bindSessionToCache,
  endSession,
  SESSION_QUERY_KEY,
  type Session,
  startSession,
} from './session-cache';
export { sessionToken } from './session-token';
export { restoreSession, useSession, useSessionState } from './use-session';
