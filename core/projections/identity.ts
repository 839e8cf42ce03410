// Identity verification as last answered or pushed on the private `kyc` channel: its state and
// what was submitted, masked by the server.
import type { z } from 'zod/mini';
import type { verificationInfoSchema } from '../../schemas/api/security.schema.ts';
import { defineFold } from './fold.ts';

export type VerificationInfo = z.output<typeof verificationInfoSchema>;

export interface IdentityView {
  verification: VerificationInfo | null;
}

export const initialIdentity: IdentityView = { verification: null };

export const identityFold = defineFold(initialIdentity, {
  verification: (_state, { payload }) => ({ verification: payload }),
  // The operator's decision: newer than any answer read before it.
  kyc: (_state, { payload }) => ({ verification: payload.data }),
  logout: () => initialIdentity,
  'session-expired': () => initialIdentity,
});
