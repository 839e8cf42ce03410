// Which failed calls the page must tell the user about itself: the worker already toasted a
// business refusal and handled an ended session; a call without a readable answer is left to us.
import type { Outcome } from '../../workers/facade.ts';

/** True when the call failed and nobody has said so yet (no answer, or one we could not read). */
export function unannounced(outcome: Outcome<unknown> | null): boolean {
  if (outcome === null) return true;
  if (outcome.ok) return false;
  return outcome.failure.kind !== 'business' && outcome.failure.kind !== 'session';
}

/** The server's refusal in its own words, when the call was refused (not when it went unanswered). */
export function refusalText(outcome: Outcome<unknown> | null): string | null {
  if (outcome === null || outcome.ok || outcome.failure.kind !== 'business') return null;
  return outcome.failure.msg || null;
}
