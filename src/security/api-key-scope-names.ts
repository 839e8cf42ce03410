// A key's permission in the user's words. The scopes are the server's (`GET
// /security/api-key-scopes`), so the page names no product: each is looked up in the strings, and
// one without words there (a product added on the server since) is shown as the server names it.
import { useCallback } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';

/** The name of a scope: `short` for the list of keys, else the form's. */
export function useScopeName(form: 'short' | 'long' = 'short'): (scope: string) => string {
  const { t } = useTranslation();
  const table = form === 'short' ? 'scopeShort' : 'scopeNames';
  return useCallback(
    (scope: string) => {
      // A key with no string comes back as itself (src/i18n/use-translation.ts).
      const key = `security.apiKeys.${table}.${scope}`;
      const words = t(key);
      return words === key ? scope : words;
    },
    [t, table],
  );
}
