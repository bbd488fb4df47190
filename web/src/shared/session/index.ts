export { reauth, useSessionExpired } from './reauth';
export { safeRedirectTarget, withRedirectTo } from './redirect';
export { sessionToken } from './session-token';
export {
  bindSessionToCache,
  endSession,
  restoreSession,
  SESSION_QUERY_KEY,
  type Session,
  startSession,
  useSession,
  useSessionState,
} from './use-session';
