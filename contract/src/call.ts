import type { z } from 'zod';
import type { Permission } from './access';
import type { ErrorCode } from './errors';

/**
 * Refusals of a request's schema that SPEC.md §8 names with a business code (a bad username, a
 * too short new password, an unknown permission): keyed by request field, the zod issue codes of
 * that field and the code they are answered with, HTTP 200 + failure like the server's own checks.
 * The schema keeps the rule, so the web forms validate with it as before. A request counts as such
 * a refusal only when every issue is one; anything else is still malformed.
 */
export type InputFailures = Readonly<
  Record<string, { issues: readonly z.core.$ZodIssue['code'][]; code: ErrorCode }>
>;

/**
 * One API call: its path under /api, request and response schemas, and who may make it.
 * - `public`: no session needed (login).
 * - `limited`: a limited session (password must be changed) may make it too.
 * - `session`: a full session, and `permission` (any one of them) when given.
 * An API key (`Authorization: Bearer`) makes the `session` calls as a full session would, except
 * those marked `sessionOnly`, and those marked `personal` unless it was given the `personal`
 * scope; `public` and `limited` calls are a person's sign-in and session.
 */
export interface CallDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  path: string;
  summary: string;
  request: Req;
  response: Res;
  access: 'public' | 'limited' | 'session';
  permission?: readonly Permission[];
  /**
   * About the signed-in person or their sign-in (profile, sessions, second factor, inbox) or the
   * management of access (API keys): an API key is refused with 403 `forbidden`.
   */
  sessionOnly?: boolean;
  /**
   * About the person rather than company data guarded by a permission: their discussions and the
   * files they upload or read there, their profile, their notifications, their settings. An API
   * key makes it only when given the `personal` scope (apikeys.KEY_SCOPES); else 403 `forbidden`.
   */
  personal?: boolean;
  /** Does not slide the session's idle expiry (the 10-second refresh). */
  passive?: boolean;
  inputFailures?: InputFailures;
}

/**
 * Marks a call the web app makes by itself to keep a screen current (an order on its way to the
 * warehouse, the dashboard's pies). Like get_session, such a call does not slide the session's
 * idle expiry: a screen left open never keeps a session alive.
 */
export const BACKGROUND_REFRESH_HEADER = 'x-background-refresh';

export function defineCall<Req extends z.ZodType, Res extends z.ZodType>(def: CallDef<Req, Res>) {
  return def;
}

export type CallRequest<C extends CallDef> = z.output<C['request']>;
export type CallRequestInput<C extends CallDef> = z.input<C['request']>;
export type CallResponse<C extends CallDef> = z.output<C['response']>;
