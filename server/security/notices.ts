// Security notices to the account's owner, by mail and by SMS where a phone is bound, in the
// account's language and carrying its anti-phishing code (docs/security.md).
import type { AppDeps } from '../deps.ts';

export type Notice =
  | { kind: 'new_device_login'; device: string; ip: string }
  | { kind: 'password_changed' }
  | { kind: 'trade_password_changed' }
  | { kind: 'totp_bound' }
  | { kind: 'totp_unbound' }
  | { kind: 'passkey_added'; name: string }
  | { kind: 'passkey_removed'; name: string }
  | { kind: 'phone_bound'; phone: string }
  | { kind: 'address_added'; asset: string; chain: string; address: string; usableFrom: Date }
  | { kind: 'withdrawal_requested'; asset: string; amount: string; address: string }
  | { kind: 'recovery_code_used'; left: number };

/** Sends one notice after the change committed; a transport failure is logged, never thrown. */
export async function notify(deps: AppDeps, userId: number, notice: Notice): Promise<void> {
  // PLACEHOLDER: being built; sends nothing yet.
  void [deps, userId, notice];
}
