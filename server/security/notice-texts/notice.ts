// What a security notice tells of, with the values its texts name. Kept beside the texts, which
// are checked against its kinds; `notices.ts` sends them.

export type Notice =
  | { kind: 'new_device_login'; device: string; ip: string }
  | { kind: 'password_changed' }
  | { kind: 'trade_password_changed' }
  | { kind: 'totp_bound' }
  | { kind: 'totp_unbound' }
  | { kind: 'passkey_added'; name: string }
  | { kind: 'passkey_removed'; name: string }
  /** `name`: the key's label. */
  | { kind: 'api_key_created'; name: string }
  | { kind: 'api_key_deleted'; name: string }
  /** `previous`: the phone it replaced, which is told too. */
  | { kind: 'phone_bound'; phone: string; previous?: string | null }
  | { kind: 'address_added'; asset: string; chain: string; address: string; usableFrom: Date }
  | { kind: 'withdrawal_requested'; asset: string; amount: string; address: string }
  | { kind: 'recovery_code_used'; left: number }
  | { kind: 'anti_phishing_set' }
  | { kind: 'whitelist_disabled' }
  /**
   * Guessing tripped an account-wide limit (server/accounts/guess-notice.ts): `refused` wrong
   * tries within `minutes`, blocked until `until`. One kind per guarded secret.
   */
  | { kind: 'login_guesses_blocked'; refused: number; minutes: number; until: Date }
  | { kind: 'trade_guesses_blocked'; refused: number; minutes: number; until: Date }
  | { kind: 'totp_guesses_blocked'; refused: number; minutes: number; until: Date };
