// The security center's API keys (docs/api-binance.md § "API keys"): listed, made with the email
// code and the authenticator's, deleted. The secret the making call answers goes to the page and
// nowhere else: no intent is recorded for these calls, and the kernel logs an answer as its path
// and whether it succeeded, never its data, so neither a code nor the secret reaches the event log.
import {
  apiKeyScopes,
  apiKeys,
  createApiKey,
  deleteApiKey,
} from '../../schemas/api/api-keys.schema.ts';
import { mapOutcome } from '../kernel/outcome.ts';
import { formatTimestamp } from '../kernel/time-format.ts';
import type { CenterContext } from './center-handlers.ts';
import { withFormField } from './refusal-fields.ts';
import type { ApiKeyHandlers, ApiKeyRow } from './types.ts';

type WireKey = {
  id: number;
  label: string;
  api_key: string;
  scopes: string[];
  ip_allowlist: string[];
  created_at: string;
};

export function createApiKeyHandlers(context: CenterContext): ApiKeyHandlers {
  const { call, locale } = context;
  const row = (key: WireKey): ApiKeyRow => ({
    id: key.id,
    label: key.label,
    apiKey: key.api_key,
    scopes: key.scopes,
    ipAllowlist: key.ip_allowlist,
    createdAt: formatTimestamp(key.created_at, locale(), 'dated'),
  });
  return {
    async apiKeyScopes() {
      const outcome = await call(apiKeyScopes, {});
      return mapOutcome(outcome, ({ list }) => list);
    },
    async apiKeys() {
      const outcome = await call(apiKeys, {});
      return mapOutcome(outcome, (list) => list.map(row));
    },
    async createApiKey({ label, scopes, ipAllowlist, emailCode, totpCode }) {
      const totp = totpCode?.trim() ?? '';
      // The form says each refusal under its field, or toasts it once: not the worker. The
      // request's one email code is `code`, so a wrong one is named as the form's `email_code`.
      const outcome = await call(
        createApiKey,
        {
          label: label.trim(),
          scopes: [...scopes],
          ip_allowlist: [...ipAllowlist],
          code: emailCode.trim(),
          ...(totp === '' ? {} : { totp_code: totp }),
        },
        undefined,
        { toastRefusal: false },
      );
      return mapOutcome(withFormField(outcome, true), (created) => ({
        ...row(created),
        secret: created.secret,
      }));
    },
    deleteApiKey(id) {
      return call(deleteApiKey, { id });
    },
  };
}
