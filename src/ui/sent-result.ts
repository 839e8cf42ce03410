// A money-moving call's outcome as a form's machine takes it: done, refused by the server (in its
// own words: definite), or no answer that could be read (it may have gone through, so sending
// again reuses the idempotency key).
import type { Outcome } from '../../workers/facade.ts';

export type NotDone = { kind: 'rejected'; message: string } | { kind: 'unknown' };

export function sentResult<T, R>(outcome: Outcome<T>, done: (data: T) => R): R | NotDone {
  if (outcome.ok) return done(outcome.data);
  const { failure } = outcome;
  if (failure.kind === 'business' || failure.kind === 'session') {
    return { kind: 'rejected', message: failure.msg };
  }
  return { kind: 'unknown' };
}
