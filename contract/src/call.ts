import type { z } from 'zod';
import type { Permission } from './access';

/**
 * One API call: its path under /api, request and response schemas, and who may make it.
 * - `public`: no session needed (login).
 * - `limited`: a limited session (password must be changed) may make it too.
 * - `session`: a full session, and `permission` (any one of them) when given.
 */
export interface CallDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  path: string;
  summary: string;
  request: Req;
  response: Res;
  access: 'public' | 'limited' | 'session';
  permission?: readonly Permission[];
  /** Does not slide the session's idle expiry (the 10-second refresh). */
  passive?: boolean;
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
