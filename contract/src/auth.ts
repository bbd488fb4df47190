import { z } from 'zod';
import { LANGUAGES } from './access';
import { defineCall } from './call';
import { Empty, Id, Ok } from './list';

export const Username = z.string().trim().min(1).max(64);
export const Password = z.string().min(1).max(256);

export const Session = z.object({
  session_code: z.string(),
  session_limited: z.boolean(),
  lang: z.enum(LANGUAGES),
  fio: z.string().nullable(),
  username: z.string(),
  email: z.string().nullable(),
  user_id: Id,
  role: z.int(),
  has_new_notifications: z.boolean(),
  umgr: z.boolean(),
  cmgr: z.boolean(),
  stck: z.boolean(),
  pord: z.boolean(),
  sord: z.boolean(),
  reps: z.boolean(),
});
export type Session = z.infer<typeof Session>;

export const LoginRequest = z.object({ username: Username, password: Password });
export type LoginRequest = z.infer<typeof LoginRequest>;

export const ChangePasswordSelfRequest = z.object({
  password_old: Password,
  password_new: Password,
  password_conf: Password,
});
export type ChangePasswordSelfRequest = z.infer<typeof ChangePasswordSelfRequest>;

export const login = defineCall({
  path: '/auth/login',
  summary: 'Signs in with username and password and returns a new session.',
  access: 'public',
  request: LoginRequest,
  response: Session,
});

export const logout = defineCall({
  path: '/auth/logout',
  summary: 'Ends the current session.',
  access: 'limited',
  request: Empty,
  response: Ok,
});

export const getSession = defineCall({
  path: '/auth/get_session',
  summary: 'The current session; polled every 10 seconds, so it does not extend the idle expiry.',
  access: 'limited',
  passive: true,
  request: Empty,
  response: Session,
});

export const changePasswordSelf = defineCall({
  path: '/auth/change_password_self',
  summary: "Changes one's own password; every session of the user ends and a new one is returned.",
  access: 'limited',
  request: ChangePasswordSelfRequest,
  response: Session,
});
