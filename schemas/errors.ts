// The error code catalogue: every non-200 `code` the API can answer, and the HTTP status it travels with.
// Business and validation errors travel with HTTP 200 (the client toasts the message); protocol
// errors use their HTTP status (docs/product.md §7). Messages live per language in `messages/`.
// Each product declares its own errors beside its schemas (schemas/product-errors.ts collects
// them); this file lists the shared ones and adds the products'.
import { fieldsOf, merged } from './error-definition.ts';
import type { FieldName } from './fields.ts';
import { productErrorCodes, productRefusals } from './product-errors.ts';

/**
 * The codes the client itself acts on (the session is over; a retried key met another request),
 * as constants of their own: the worker loads these two, not the whole catalogue.
 */
export const sessionExpiredCode = 999;
export const idempotencyKeyReusedCode = 1112;

/** The errors any part of the exchange may answer, whichever product is asked. */
const sharedErrorCodes = {
  session_expired: sessionExpiredCode,
  invalid_request: 1000,
  field_required: 1001,
  field_invalid: 1002,
  field_too_long: 1003,
  password_mismatch: 1004,
  password_weak: 1005,
  trade_password_weak: 1006,
  trade_password_obvious: 1007,
  field_not_applicable: 1008,
  code_invalid: 1010,
  code_too_frequent: 1011,
  code_attempts_exceeded: 1012,
  code_daily_limit: 1013,
  account_exists: 1020,
  account_not_found: 1021,
  login_failed: 1022,
  login_locked: 1023,
  invite_code_invalid: 1024,
  invite_code_required: 1025,
  old_password_wrong: 1026,
  proof_required: 1027,
  destination_not_bound: 1029,
  market_unknown: 1030,
  not_found: 1040,
  method_not_allowed: 1041,
  payload_too_large: 1042,
  unsupported_media_type: 1043,
  malformed_body: 1044,
  rate_limited: 1045,
  malformed_request: 1046,
  headers_too_large: 1047,
  request_timeout: 1048,
  server_error: 1050,
  engine_unavailable: 1051,
  frame_invalid: 1060,
  frame_too_large: 1061,
  channel_unknown: 1062,
  too_many_channels: 1063,
  too_many_messages: 1064,
  consumer_too_slow: 1065,
  balance_insufficient: 1100,
  amount_invalid: 1101,
  amount_below_minimum: 1102,
  asset_unknown: 1103,
  chain_disabled: 1104,
  address_invalid: 1105,
  address_wrong_chain: 1106,
  trade_password_wrong: 1107,
  trade_password_not_set: 1108,
  withdrawal_not_found: 1109,
  withdrawal_not_pending: 1110,
  idempotency_key_required: 1111,
  idempotency_key_reused: idempotencyKeyReusedCode,
  transfer_same_wallet: 1113,
  address_entry_not_found: 1114,
  idempotency_key_malformed: 1115,
  address_book_full: 1116,
  trade_password_locked: 1117,
  reserve_proof_not_found: 1130,
  price_off_tick: 1200,
  quantity_off_lot: 1201,
  price_out_of_range: 1202,
  quantity_too_large: 1203,
  below_min_notional: 1204,
  no_liquidity: 1205,
  order_not_found: 1206,
  order_not_open: 1207,
  order_not_processed: 1208,
  price_outside_band: 1209,
  image_not_supported: 1300,
  image_too_large: 1301,
  real_name_invalid: 1302,
  id_number_invalid: 1303,
  verification_image_invalid: 1304,
  verification_images_same: 1305,
  verification_pending: 1306,
  already_verified: 1307,
  verification_required: 1308,
  upload_quota_exceeded: 1309,
  image_too_many_pixels: 1310,
  article_not_found: 1320,
  category_unknown: 1321,
  message_empty: 1323,
  message_too_long: 1324,
  support_too_frequent: 1325,
  two_factor_required: 1700,
  totp_invalid: 1701,
  totp_reused: 1702,
  totp_locked: 1703,
  totp_already_bound: 1704,
  totp_not_bound: 1705,
  totp_setup_expired: 1706,
  recovery_code_invalid: 1707,
  passkey_invalid: 1710,
  passkey_not_found: 1711,
  passkey_challenge_expired: 1712,
  passkey_limit: 1713,
  passkey_exists: 1714,
  withdraw_code_required: 1720,
  withdraw_second_factor_required: 1721,
  withdraw_address_on_hold: 1722,
  withdraw_address_not_whitelisted: 1723,
  withdraw_security_hold: 1724,
  phone_taken: 1730,
  phone_same: 1731,
  session_not_found: 1740,
} as const;

export type SharedErrorName = keyof typeof sharedErrorCodes;

// The shared codes and each product's (schemas/product-errors.ts). Marked pure, as the registry's
// records are, so that a bundle using none of them leaves them out.
export const errorCodes = /* @__PURE__ */ merged(sharedErrorCodes, productErrorCodes);

export type ErrorName = keyof typeof errorCodes;
export type ErrorCode = (typeof errorCodes)[ErrorName];

// Marked pure so that a bundle using none of the catalogue (the worker) leaves it out.
export const errorNames = /* @__PURE__ */ Object.keys(errorCodes) as ErrorName[];

/**
 * What any call through a batched writer may be refused with besides its own reasons: its
 * `Idempotency-Key` missing, malformed or reused for another request, or its batch failed twice.
 */
export const writerCallErrors = [
  'idempotency_key_required',
  'idempotency_key_malformed',
  'idempotency_key_reused',
  'order_not_processed',
] as const satisfies readonly ErrorName[];

/** HTTP status for protocol errors; everything not listed travels with 200. */
export const errorHttpStatus: Partial<Record<ErrorName, number>> = {
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  malformed_body: 400,
  rate_limited: 429,
  malformed_request: 400,
  headers_too_large: 431,
  request_timeout: 408,
  server_error: 500,
  engine_unavailable: 503,
};

/**
 * The one field a refusal is about whenever it happens, so a form can show it under that field.
 * A validation refusal (`field_required`, `field_invalid`, a rule of a field's schema) names its
 * field where it is raised; these name theirs here, and each product's errors in its own file.
 */
const sharedRefusalFields: Partial<Record<SharedErrorName, FieldName>> = {
  balance_insufficient: 'amount',
  amount_below_minimum: 'amount',
  address_invalid: 'address',
  address_wrong_chain: 'address',
  trade_password_wrong: 'trade_password',
  old_password_wrong: 'old_password',
  code_invalid: 'code',
  invite_code_invalid: 'invite_code',
  invite_code_required: 'invite_code',
  real_name_invalid: 'real_name',
  id_number_invalid: 'id_number',
  price_outside_band: 'price',
  two_factor_required: 'totp_code',
  totp_invalid: 'totp_code',
  totp_reused: 'totp_code',
  totp_locked: 'totp_code',
  totp_setup_expired: 'totp_code',
  recovery_code_invalid: 'recovery_code',
  withdraw_code_required: 'email_code',
  phone_taken: 'phone',
  phone_same: 'phone',
};

// Each product's come with its messages, which only the server reads: marked pure, so that the
// worker's bundle, which never reads these, leaves them out.
export const refusalFields: Partial<Record<ErrorName, FieldName>> = /* @__PURE__ */ merged(
  sharedRefusalFields,
  /* @__PURE__ */ fieldsOf(productRefusals),
);

export function isErrorName(value: string): value is ErrorName {
  return Object.hasOwn(errorCodes, value);
}
