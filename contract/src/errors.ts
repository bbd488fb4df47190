/** Every failure code of SPEC.md §8, spelled as there, with its English message where it has one. */
export const ERROR_MESSAGES = {
  server_error: 'Internal server error',
  unauthorized: 'Authentication required. Try to relogin.',
  forbidden: 'Access forbidden',
  server_unavailable: 'Server is currently unavailable. Please try again later.',
  query_too_slow: 'This search takes too long: narrow it',
  user_excluded: 'User is blocked. Please contact the administrator.',
  password_too_soft: 'New password is too short',
  too_many_login_failures: 'Too many login failures. Please contact the administrator.',
  dublicate_username: 'User with this name already exists',
  dublicate_password: 'Can not change password to the same value',
  order_incomplete: 'Can not set ready to incomplete order',
  order_update_denied: 'Can not update non-draft order',
  order_sku_dublicate: 'Dublicate products are not allowed in one order',
  order_exclude_denied: 'Order can not be deleted',
  order_qty_not_whole: 'A unit that is counted (pcs, box, pallet) takes whole quantities only',
  malformed_api_request: 'Malformed request',
  auth_error: 'Wrong username or password',
  invalid_user_id: 'No such user',
  invalid_username: 'Invalid username',
  invalid_password: 'Wrong password',
  invalid_session: 'Invalid session',
  no_companies_specified: 'At least one company is required',
  permissions_error: 'You can not grant a permission you do not hold',
  permission_required: 'Your own rights do not allow this',
  permission_unknown: 'Unknown permission',
  company_not_permitted: 'Company is not permitted',
  consignee_not_permitted: 'Consignee is not permitted',
  crud_filter_unknown: 'Unknown filter',
  crud_filter_invalid_type: 'Invalid filter value',
  crud_order_unknown: 'Unknown ordering',
  order_not_found: 'Order not found',
  order_ready_denied: 'Order can not be set ready',
  order_unready_denied: 'Order can not be set back to draft',
  order_code_dublicate: 'An order with this external code already exists',
  order_template_not_found: 'Template not found',
  report_not_found: 'Report not found',
  report_url_not_allowed:
    'This address is in a private network or carries a password, and can not be embedded',
  sku_not_found: 'Product not found',
  rate_limited: 'Too many attempts. Please wait and try again.',
  discussion_not_found: 'Discussion not found',
  comment_not_found: 'Comment not found',
  file_not_found: 'File not found',
  file_too_large: 'The file is too large',
  file_empty: 'The file is empty',
  file_type_not_accepted: 'This file type is not accepted',
  file_name_invalid: 'Invalid file name',
  too_many_files: 'Too many files',
  second_factor_required: 'Enter the code of your authenticator app',
  second_factor_invalid:
    'The code is not valid. Enter the current code of the app or an unused recovery code.',
  second_factor_not_set_up: 'Start setting up the second factor first',
  second_factor_already_on: 'The second factor is already on',
  second_factor_required_by_company: 'Your company requires a second factor: it cannot be turned off',
  session_not_found: 'No such session',
  company_not_found: 'Company not found',
  company_code_dublicate: 'A company with this code already exists',
  company_name_dublicate: 'A company with this name already exists',
  company_disabled: 'Your company is deactivated. Please contact the administrator.',
  import_file_unreadable: 'The file cannot be read: save it as CSV (UTF-8) or XLSX',
  import_columns_missing: 'Columns are missing from the file',
  import_too_many_rows: 'The file has too many rows',
  webhook_endpoint_not_found: 'Webhook endpoint not found',
  webhook_url_not_allowed: 'This address can not receive webhooks',
  webhook_endpoint_inactive: 'The endpoint is off: turn it on first',
  webhook_delivery_not_found: 'Delivery not found',
  webhook_event_not_permitted:
    'You may not read the data of this event type, so no endpoint of yours may receive it',
  sso_not_configured: 'Single sign-on is not set up',
  sso_state_invalid: 'The sign-in took too long or was started elsewhere. Please start again.',
  sso_failed: 'The sign-in provider did not confirm the sign-in. Please start again.',
  sso_email_unverified: 'The sign-in provider has not verified your e-mail address',
  sso_unknown_user: 'There is no user for this account. Please contact the administrator.',
  sso_code_invalid: 'The sign-in has expired. Please start again.',
  sso_required: 'Your company requires single sign-on: use the button below',
  api_key_not_found: 'API key not found',
  api_key_expiry_invalid: 'The expiry date must be from today to a year from now',
  slot_not_found: 'Slot not found',
  slot_full: 'The slot is full: choose another',
  slot_closed: 'The warehouse is closed at that time: choose another slot',
  slot_in_the_past: 'The slot has begun or is over: choose a later one',
  slot_location_mismatch: "The slot is at another location than the order's",
  booking_not_found: 'Booking not found',
  order_slot_denied: 'A slot can not be booked for this order',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as ErrorCode[];

/** HTTP status of a code that is not answered with 200 + failure. */
export const ERROR_STATUS: Partial<Record<ErrorCode, number>> = {
  malformed_api_request: 400,
  crud_filter_unknown: 400,
  crud_filter_invalid_type: 400,
  crud_order_unknown: 400,
  unauthorized: 401,
  forbidden: 403,
  rate_limited: 429,
  server_error: 500,
  server_unavailable: 503,
  query_too_slow: 503,
};

export interface Failure {
  code: ErrorCode;
  details?: unknown;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in ERROR_MESSAGES;
}
