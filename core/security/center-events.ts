// Intents of the security center's changes (the authenticator app, the phone, the anti-phishing
// code, whitelist mode, sessions), logged for the story alone: no fold reads them, and no payload
// carries a code, a secret, a recovery code or a phone number, so a capture can be shared.
import { z } from 'zod/mini';
import { event } from '../event.ts';

/** Which second factor a step was confirmed with, never the factor itself. */
const factor = z.object({ factor: z.enum(['totp', 'recovery', 'none']) });

export const securityCenterEvents = [
  event('intent', 'totp-setup', z.null()),
  event('intent', 'totp-bind', z.null()),
  event('intent', 'totp-unbind', factor),
  event('intent', 'phone-code-requested', z.null()),
  event('intent', 'phone-bind', factor),
  event('intent', 'anti-phishing-set', z.null()),
  event('intent', 'whitelist-set', z.object({ enabled: z.boolean(), ...factor.shape })),
  event('intent', 'session-end', z.null()),
  event('intent', 'sessions-end-others', z.null()),
] as const;
