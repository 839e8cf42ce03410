// The passkeys domain in the worker: register, list and remove them, and sign in with one. The
// browser's answers pass through as they came (the server checks them in full); intents are logged
// without them, and without the email code that removes one.

import type { z } from 'zod/mini';
import {
  passkeyLogin,
  passkeyLoginOptions,
  passkeyRegister,
  passkeyRegisterOptions,
  passkeyRemove,
  type passkeySchema,
  passkeys,
} from '../../schemas/api/passkey.schema.ts';
import { type DomainContext, defineDomain } from '../kernel/context.ts';
import { mapOutcome } from '../kernel/outcome.ts';
import { formatTimestamp } from '../kernel/time-format.ts';
import type { PasskeyChallenge, PasskeyHandlers, PasskeyRow } from './types.ts';

type Passkey = z.output<typeof passkeySchema>;

const challengeOf = (data: {
  challenge_id: string;
  options: PasskeyChallenge['options'];
}): PasskeyChallenge => ({ challengeId: data.challenge_id, options: data.options });

export function passkeyRow(passkey: Passkey, locale: string): PasskeyRow {
  return {
    id: passkey.id,
    name: passkey.name,
    created: formatTimestamp(passkey.created_at, locale, 'dated'),
    lastUsed:
      passkey.last_used_at === null ? null : formatTimestamp(passkey.last_used_at, locale, 'dated'),
    synced: passkey.backed_up,
  };
}

export function createPasskeyHandlers(
  context: Pick<DomainContext, 'call' | 'record' | 'locale' | 'signedIn'>,
): PasskeyHandlers {
  const { call, record } = context;
  return {
    // The sign-in button says the refusals of its calls itself, beside it.
    async passkeyLoginOptions() {
      const outcome = await call(passkeyLoginOptions, {}, {}, { toastRefusal: false });
      return mapOutcome(outcome, challengeOf);
    },
    async passkeyLogin(assertion) {
      record({ source: 'intent', type: 'login-requested', payload: null });
      const outcome = await call(
        passkeyLogin,
        { challenge_id: assertion.challengeId, response: assertion.response },
        {},
        { toastRefusal: false },
      );
      if (outcome.ok) context.signedIn(outcome.data);
      return outcome;
    },
    async passkeyList() {
      const outcome = await call(passkeys, {});
      const locale = context.locale();
      return mapOutcome(outcome, (list) => list.map((passkey) => passkeyRow(passkey, locale)));
    },
    // The form says the refusals of adding one itself, under it.
    async passkeyRegisterOptions() {
      const outcome = await call(passkeyRegisterOptions, {}, {}, { toastRefusal: false });
      return mapOutcome(outcome, challengeOf);
    },
    async passkeyRegister(form) {
      const outcome = await call(
        passkeyRegister,
        { challenge_id: form.challengeId, response: form.response, name: form.name.trim() },
        {},
        { toastRefusal: false },
      );
      return mapOutcome(outcome, (passkey) => passkeyRow(passkey, context.locale()));
    },
    passkeyRemove(id, emailCode) {
      // The form says a refusal under the code's field, or under itself.
      return call(passkeyRemove, { id, email_code: emailCode.trim() }, {}, { toastRefusal: false });
    },
  };
}

export const passkeysDomain = defineDomain({ handlers: createPasskeyHandlers });
