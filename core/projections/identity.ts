// Identity verification as last answered: its state and what was submitted, masked by the server.
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
  logout: () => initialIdentity,
  'session-expired': () => initialIdentity,
});
