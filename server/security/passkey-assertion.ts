// A passkey's signature over a challenge the server issued: what signs a user in and what
// confirms a withdrawal (docs/security.md).
import type { Transaction } from 'kysely';
import type { ChallengePurpose } from '../db/security-tables.ts';
import type { Database } from '../db/tables.ts';
import type { AppDeps } from '../deps.ts';

export interface PasskeyAssertionInput {
  challenge_id: string;
  /** WebAuthn's AuthenticationResponseJSON, as the schema let it through. */
  response: Record<string, unknown>;
}

/** A verified assertion; `use` spends its challenge and records the counter, in the step's transaction. */
export interface PasskeyProof {
  userId: number;
  passkeyId: number;
  use(trx: Transaction<Database>): Promise<void>;
}

/** Whether the user has a passkey. */
export async function hasPasskey(deps: Pick<AppDeps, 'db'>, userId: number): Promise<boolean> {
  void [deps, userId];
  throw new Error('PLACEHOLDER: being built');
}

/**
 * Checks an assertion against its challenge (of this purpose, unexpired, unused, and the user's
 * own when `userId` is given), the origin and relying party settings, and the stored public key.
 * Refuses with `passkey_challenge_expired` or `passkey_invalid`.
 */
export async function verifyPasskeyAssertion(
  deps: AppDeps,
  purpose: Extract<ChallengePurpose, 'login' | 'withdraw'>,
  input: PasskeyAssertionInput,
  userId?: number,
): Promise<PasskeyProof> {
  void [deps, purpose, input, userId];
  throw new Error('PLACEHOLDER: being built');
}
