// The proof-of-reserves domain in the worker: asks the server for the user's proof and the
// published root, and verifies the proof here (./check-proof.ts), off the UI thread, with the
// hashing library that only this domain's file carries. A user no snapshot counts yet is an
// answer the page shows, not a refusal to toast. Nothing is logged: the proof carries the user's
// salt, a secret the log must not keep.

import { errorCodes } from '../../schemas/errors.ts';
import { type DomainContext, defineDomain } from '../kernel/context.ts';
import type { Outcome } from '../kernel/outcome.ts';
import { checkReserveProof } from './check-proof.ts';
import { reserveProofCall } from './reserve-proof-call.ts';
import type { ReserveProofAnswer, ReservesHandlers } from './types.ts';

export function createReservesHandlers(
  context: Pick<DomainContext, 'call' | 'locale' | 'view'>,
  now: () => number = () => performance.now(),
): ReservesHandlers {
  return {
    async reserveProof(): Promise<Outcome<ReserveProofAnswer>> {
      const outcome = await context.call(reserveProofCall, {}, {}, { toastRefusal: false });
      if (!outcome.ok) {
        const { failure } = outcome;
        return failure.kind === 'business' && failure.code === errorCodes.reserve_proof_not_found
          ? { ok: true, data: { found: false } }
          : outcome;
      }
      const checked = checkReserveProof(outcome.data, {
        userId: context.view().session.userId,
        locale: context.locale(),
        now,
      });
      return checked.ok
        ? { ok: true, data: checked.view }
        : { ok: false, failure: { kind: 'unexpected_answer', issue: checked.reason } };
    },
  };
}

export const reservesDomain = defineDomain({ handlers: createReservesHandlers });
