import { z } from 'zod';
import { LANGUAGES, NOTIFICATION_TYPES, PERMISSIONS, ROLES, type RoleId } from './access';
import { type CallDef, defineCall, type InputFailures } from './call';
import { zDateTime } from './codec';
import {
  Empty,
  ExportFile,
  exportRequest,
  Id,
  IdList,
  Int4,
  listRequest,
  listResponse,
  Ok,
  Smart,
} from './list';

export const Username = z.string().trim().min(1).max(64);
export const Password = z.string().min(1).max(256);

const USERNAME_FAILURES: InputFailures = {
  username: { issues: ['too_small', 'too_big'], code: 'invalid_username' },
};

/**
 * An empty new password is too soft, like a short one (the length is the server's check). Its
 * empty confirmation goes with it; beside a filled password an empty confirmation is also a
 * mismatch, which keeps the request malformed.
 */
function newPasswordFailures(password: string, confirmation: string): InputFailures {
  const tooSoft = { issues: ['too_small'], code: 'password_too_soft' } as const;
  return { [password]: tooSoft, [confirmation]: tooSoft };
}

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
  /**
   * The user's company requires a second factor and the user has none yet: the session is limited
   * to setting one up (begin_totp, confirm_totp), like a session whose password has expired.
   */
  second_factor_setup: z.boolean(),
});
export type Session = z.infer<typeof Session>;

/** A code of the authenticator app (six digits) or one of the recovery codes. */
export const OneTimeCode = z.string().trim().min(6).max(64);

export const LoginRequest = z.object({ username: Username, password: Password, otp: OneTimeCode.optional() });
export type LoginRequest = z.infer<typeof LoginRequest>;

export const ChangePasswordSelfRequest = z
  .object({
    password_old: Password,
    password_new: Password,
    password_conf: Password,
  })
  .refine((value) => value.password_new === value.password_conf, {
    path: ['password_conf'],
    message: 'Passwords must be identical',
  });
export type ChangePasswordSelfRequest = z.infer<typeof ChangePasswordSelfRequest>;

export const login = defineCall({
  path: '/auth/login',
  summary: 'Signs in with username and password and returns a new session.',
  access: 'public',
  request: LoginRequest,
  response: Session,
});

/**
 * The one-time code the single sign-on callback hands the web in the address's fragment (never
 * the session token itself), with the authenticator code when the provider did not do a second
 * factor and the user has one.
 */
export const SsoExchangeRequest = z.object({
  code: z.string().trim().min(20).max(200),
  otp: OneTimeCode.optional(),
});
export type SsoExchangeRequest = z.infer<typeof SsoExchangeRequest>;

export const ssoExchange = defineCall({
  path: '/auth/sso_exchange',
  summary: 'Exchanges the one-time code of a single sign-on (GET /api/auth/sso/callback) for a new session.',
  access: 'public',
  request: SsoExchangeRequest,
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
  inputFailures: newPasswordFailures('password_new', 'password_conf'),
});

// ---------------------------------------------------------------- users and administration

export const UserIdRequest = z.object({ user_id: Id });
export const Email = z.email().max(254);
export const Fio = z.string().trim().max(200);
export const RoleIdSchema = z.union(
  ROLES.map((role) => z.literal(role)) as [z.ZodLiteral<1>, ...z.ZodLiteral<RoleId>[]],
);
export const PermissionId = z.enum(PERMISSIONS);
export const NotificationTypeId = z.enum(NOTIFICATION_TYPES);

export const Company = z.object({
  company_id: Id,
  name: z.string(),
  /** Every user of the company signs in with a second factor (list_linked_companies). */
  second_factor_required: z.boolean().optional(),
});
export type Company = z.infer<typeof Company>;

export const UserProfile = z.object({
  user_id: Id,
  username: z.string(),
  fio: z.string().nullable(),
  email: z.string().nullable(),
  lang: z.enum(LANGUAGES),
  role: z.int(),
  companies: z.array(Company),
  permissions: z.array(PermissionId),
  email_rate: Id.nullable(),
  notifications: z.array(NotificationTypeId),
  excluded: z.boolean(),
  password_expired: z.boolean(),
  too_many_login_failures: z.boolean(),
  manageable: z.boolean(),
  /** Signs in with a second factor (TOTP). */
  second_factor: z.boolean(),
});
export type UserProfile = z.infer<typeof UserProfile>;

export const UserRow = z.object({
  user_id: Id,
  username: z.string(),
  fio: z.string().nullable(),
  email: z.string().nullable(),
  role: z.int(),
  excluded: z.boolean(),
});
export type UserRow = z.infer<typeof UserRow>;

export const USER_ORDERINGS = ['user_id', 'username', 'fio', 'email', 'role'] as const;

export const ListUsersRequest = listRequest(
  { role_id: Int4, company_id: Id, smart: Smart, user_id_list: IdList },
  USER_ORDERINGS,
);
export type ListUsersRequest = z.infer<typeof ListUsersRequest>;
export const ExportUsersRequest = exportRequest(
  { role_id: Int4, company_id: Id, smart: Smart, user_id_list: IdList },
  USER_ORDERINGS,
);
export type ExportUsersRequest = z.infer<typeof ExportUsersRequest>;

export const ListLinkedCompaniesRequest = listRequest({ company_id_list: IdList, smart: Smart }, ['name']);

export const ChangePasswordForceRequest = z
  .object({ user_id: Id, password_new: Password, password_conf: Password })
  .refine((value) => value.password_new === value.password_conf, {
    path: ['password_conf'],
    message: 'Passwords must be identical',
  });

export const AddUserRequest = z
  .object({
    username: Username,
    /** The person's name and address, given with the account (left out: set later in the profile). */
    fio: Fio.nullable().optional(),
    email: Email.nullable()
      .or(z.literal('').transform(() => null))
      .optional(),
    password: Password,
    password_conf: Password,
    role: RoleIdSchema,
    companies: z.array(Id).max(1000),
    /** Granted with the user in the same call; left out, the user starts without any. */
    permissions: z.array(PermissionId).max(PERMISSIONS.length).default([]),
  })
  .refine((value) => value.password === value.password_conf, {
    path: ['password_conf'],
    message: 'Passwords must be identical',
  });
export type AddUserRequest = z.infer<typeof AddUserRequest>;

export const ChangeGeneralRequest = z.object({
  fio: Fio.nullable(),
  email: Email.nullable().or(z.literal('').transform(() => null)),
  lang: z.enum(LANGUAGES),
});
export type ChangeGeneralRequest = z.infer<typeof ChangeGeneralRequest>;

export const ChangeAccessRequest = z.object({
  user_id: Id,
  role: RoleIdSchema,
  companies: z.array(Id).max(1000),
  permissions: z.array(PermissionId).max(PERMISSIONS.length),
});
export type ChangeAccessRequest = z.infer<typeof ChangeAccessRequest>;

export const ChangeNotificationsRequest = z.object({
  email_rate: Id.nullable(),
  ntfy_types: z.array(NotificationTypeId).max(NOTIFICATION_TYPES.length),
});
export type ChangeNotificationsRequest = z.infer<typeof ChangeNotificationsRequest>;

const USERS: Pick<CallDef, 'access' | 'permission'> = { access: 'session', permission: ['umgr'] };
const SELF: Pick<CallDef, 'access'> = { access: 'session' };
/** The signed-in person's own profile and sign-in: not an API key's (it has none). */
const PERSON: Pick<CallDef, 'access' | 'sessionOnly'> = { access: 'session', sessionOnly: true };
/** About the person (their profile, their settings): an API key only with the `personal` scope. */
const PERSONAL: Pick<CallDef, 'access' | 'personal'> = { access: 'session', personal: true };

export const listLinkedCompanies = defineCall({
  path: '/auth/list_linked_companies',
  summary: 'Companies the user may work with (every company for role 99), for pickers.',
  ...SELF,
  request: ListLinkedCompaniesRequest,
  response: listResponse(Company),
});

export const listUsers = defineCall({
  path: '/auth/list_users',
  summary: 'Users who share a company with the caller (everyone for role 99).',
  ...USERS,
  request: ListUsersRequest,
  response: listResponse(UserRow),
});

export const exportUsers = defineCall({
  path: '/auth/export_users',
  summary: 'The users the list shows, with its filters and ordering, as a CSV or XLSX file.',
  ...USERS,
  request: ExportUsersRequest,
  response: ExportFile,
});

export const getProfileSelf = defineCall({
  path: '/auth/get_profile_self',
  summary: "The caller's own profile.",
  ...PERSONAL,
  request: Empty,
  response: UserProfile,
});

export const getProfileForce = defineCall({
  path: '/auth/get_profile_force',
  summary: 'Another user\'s profile, with "manageable" computed for the caller.',
  ...USERS,
  request: UserIdRequest,
  response: UserProfile,
});

export const getAddUserDefaults = defineCall({
  path: '/auth/get_add_user_defaults',
  summary: "Defaults of the new user form: the lowest role and the caller's companies when only one.",
  ...USERS,
  request: Empty,
  response: z.object({ role: z.int(), companies: z.array(Id) }),
});

export const addUser = defineCall({
  path: '/auth/add_user',
  summary:
    'Creates a user with their role, companies and permissions at once; the password is expired, so the first login must change it.',
  ...USERS,
  request: AddUserRequest,
  response: z.object({ user_id: Id }),
  inputFailures: {
    ...USERNAME_FAILURES,
    ...newPasswordFailures('password', 'password_conf'),
    permissions: { issues: ['invalid_value'], code: 'permission_unknown' },
  },
});

export const listRoles = defineCall({
  path: '/auth/list_roles',
  summary: 'Roles; with view=true every role (for filters), otherwise only those the caller may grant.',
  ...SELF,
  request: z.object({ view: z.boolean().default(false) }).default({ view: false }),
  response: listResponse(z.object({ role_id: z.int(), name: z.string() })),
});

export const listPermissions = defineCall({
  path: '/auth/list_permissions',
  summary: 'Every permission.',
  ...SELF,
  request: Empty,
  response: listResponse(z.object({ perm_id: PermissionId, name: z.string() })),
});

export const changeGeneralSelf = defineCall({
  path: '/auth/change_general_self',
  summary: "Changes one's own full name, email and language.",
  ...PERSON,
  request: ChangeGeneralRequest,
  response: Ok,
});

export const changeGeneralForce = defineCall({
  path: '/auth/change_general_force',
  summary: "Changes a manageable user's full name, email and language.",
  ...USERS,
  request: ChangeGeneralRequest.extend({ user_id: Id }),
  response: Ok,
});

export const changeAccess = defineCall({
  path: '/auth/change_access',
  summary: "Sets a manageable user's role, companies and permissions; only what the caller holds.",
  ...USERS,
  request: ChangeAccessRequest,
  response: Ok,
  inputFailures: { permissions: { issues: ['invalid_value'], code: 'permission_unknown' } },
});

export const changeUsername = defineCall({
  path: '/auth/change_username',
  summary: 'Renames a manageable user.',
  ...USERS,
  request: z.object({ user_id: Id, username: Username }),
  response: Ok,
  inputFailures: USERNAME_FAILURES,
});

export const changeNotificationsSelf = defineCall({
  path: '/auth/change_notifications_self',
  summary: "Sets one's own email summary rate and notification types.",
  ...PERSON,
  request: ChangeNotificationsRequest,
  response: Ok,
});

export const changeNotificationsForce = defineCall({
  path: '/auth/change_notifications_force',
  summary: "Sets a manageable user's email summary rate and notification types.",
  ...USERS,
  request: ChangeNotificationsRequest.extend({ user_id: Id }),
  response: Ok,
});

export const changePasswordForce = defineCall({
  path: '/auth/change_password_force',
  summary: "Sets a manageable user's password without the old one; it is expired until they change it.",
  ...USERS,
  request: ChangePasswordForceRequest,
  response: Ok,
  inputFailures: newPasswordFailures('password_new', 'password_conf'),
});

export const resetLoginFailures = defineCall({
  path: '/auth/reset_login_failures',
  summary: 'Unlocks a manageable user locked by too many failed logins.',
  ...USERS,
  request: UserIdRequest,
  response: Ok,
});

export const disableUser = defineCall({
  path: '/auth/disable_user',
  summary: 'Deactivates a manageable user and ends their sessions at once.',
  ...USERS,
  request: UserIdRequest,
  response: Ok,
});

export const enableUser = defineCall({
  path: '/auth/enable_user',
  summary: 'Activates a manageable user again.',
  ...USERS,
  request: UserIdRequest,
  response: Ok,
});

// ---------------------------------------------------------------- second factor and sessions

export const BeginTotpResponse = z.object({
  /** Base32, for typing into an authenticator app by hand. */
  secret: z.string(),
  /** otpauth://totp/... : what the QR code holds. */
  otpauth_url: z.string(),
  /** The QR code as an SVG image. */
  qr_svg: z.string(),
});
export type BeginTotpResponse = z.infer<typeof BeginTotpResponse>;

export const beginTotp = defineCall({
  path: '/auth/begin_totp',
  summary:
    'Starts turning on the second factor: a new secret, shown as a QR code, not active until confirmed.',
  access: 'limited',
  request: Empty,
  response: BeginTotpResponse,
});

/** The current password too: a session alone (a stolen one) must not turn the second factor on. */
export const ConfirmTotpRequest = z.object({ code: OneTimeCode, password: Password });
export const RecoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponse>;

export const confirmTotp = defineCall({
  path: '/auth/confirm_totp',
  summary:
    'Turns the second factor on with a first code of the app and the current password; answers ten recovery codes, shown only now.',
  access: 'limited',
  request: ConfirmTotpRequest,
  response: RecoveryCodesResponse,
});

export const disableTotp = defineCall({
  path: '/auth/disable_totp',
  summary: "Turns one's own second factor off, with the password; refused while the company requires it.",
  ...PERSON,
  request: z.object({ password: Password }),
  response: Ok,
});

export const SessionRow = z.object({
  session_id: Id,
  current: z.boolean(),
  user_agent: z.string().nullable(),
  address: z.string().nullable(),
  created: zDateTime,
  last_used: zDateTime,
});
export type SessionRow = z.infer<typeof SessionRow>;

export const listSessions = defineCall({
  path: '/auth/list_sessions',
  summary: "The caller's own active sessions, newest use first.",
  ...PERSON,
  request: Empty,
  response: z.object({ items: z.array(SessionRow) }),
});

export const endSession = defineCall({
  path: '/auth/end_session',
  summary: "Ends one of the caller's other sessions.",
  ...PERSON,
  request: z.object({ session_id: Id }),
  response: Ok,
});

export const endOtherSessions = defineCall({
  path: '/auth/end_other_sessions',
  summary: 'Ends every session of the caller but this one; answers how many.',
  ...PERSON,
  request: Empty,
  response: z.object({ count: z.int().min(0) }),
});

export const resetSecondFactor = defineCall({
  path: '/auth/reset_second_factor',
  summary: "Turns off a manageable user's second factor (a lost phone) and ends their sessions.",
  ...USERS,
  request: UserIdRequest,
  response: Ok,
});

export const setCompanySso = defineCall({
  path: '/auth/set_company_sso',
  summary:
    'Role 99: requires (or stops requiring) every user of a company to sign in through single sign-on; their passwords are refused (sso_required).',
  ...USERS,
  request: z.object({ company_id: Id, required: z.boolean() }),
  response: Ok,
});

export const setCompanySecondFactor = defineCall({
  path: '/auth/set_company_second_factor',
  summary: 'Role 99: requires (or stops requiring) a second factor of every user of a company.',
  ...USERS,
  request: z.object({ company_id: Id, required: z.boolean() }),
  response: Ok,
});

const ORDER_COLUMNS = [
  'external_code',
  'status',
  'business_line',
  'consignee',
  'party',
  'creation_date',
  'is_return',
] as const;

/**
 * The columns a user may choose to show in each list table, by table. The web app decides which
 * are shown until the user chooses; a choice is remembered on the server for that user.
 */
export const TABLE_COLUMNS = {
  orders_purch: ORDER_COLUMNS,
  orders_sales: ORDER_COLUMNS,
  stock: [
    'business_line',
    'consignee',
    'sku_code',
    'sku_name',
    'status',
    'qty',
    'uom',
    'expiry_date',
    'batch',
    'mfg_date',
    'warehouse',
    'sscc',
    'size',
  ],
  sku: ['sku_id', 'business_line', 'name', 'consignee', 'external_code'],
  users: ['user_id', 'username', 'fio', 'email', 'role', 'excluded'],
  companies: ['code', 'name', 'active', 'users', 'consignees'],
  discussions: ['company', 'name', 'modification_date'],
} as const satisfies Record<string, readonly string[]>;
export type TableId = keyof typeof TABLE_COLUMNS;
export const TABLE_IDS = Object.keys(TABLE_COLUMNS) as TableId[];

export const TableColumns = z.object({
  table: z.enum(TABLE_IDS),
  /** The columns shown, in the table's order; at least one. */
  columns: z.array(z.string().max(40)).min(1).max(40),
});
export type TableColumns = z.infer<typeof TableColumns>;

export const SetTableColumnsRequest = z
  .object({
    table: z.enum(TABLE_IDS),
    /** `null` goes back to the table's default columns. */
    columns: z.array(z.string().max(40)).min(1).max(40).nullable(),
  })
  .superRefine((value, context) => {
    const known: readonly string[] = TABLE_COLUMNS[value.table];
    const seen = new Set<string>();
    for (const [index, column] of (value.columns ?? []).entries()) {
      if (!known.includes(column) || seen.has(column)) {
        context.addIssue({
          code: 'custom',
          path: ['columns', index],
          message: seen.has(column) ? 'Column named twice' : `Not a column of ${value.table}`,
        });
      }
      seen.add(column);
    }
  });
export type SetTableColumnsRequest = z.infer<typeof SetTableColumnsRequest>;

export const getTableColumns = defineCall({
  path: '/auth/get_table_columns',
  summary: 'The columns the caller chose to show in each list table (tables not chosen yet are left out).',
  ...PERSONAL,
  request: Empty,
  response: z.object({ items: z.array(TableColumns) }),
});

export const setTableColumns = defineCall({
  path: '/auth/set_table_columns',
  summary: 'Remembers the columns the caller shows in one list table, for every browser they use.',
  ...PERSONAL,
  request: SetTableColumnsRequest,
  response: Ok,
});
