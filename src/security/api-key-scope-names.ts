// A key's permission in the user's words; a scope this build does not know yet (a product added
// on the server since) is shown as the server names it rather than not at all.
import { useCallback } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { type NamedScope, namedScopes } from './api-key-form-rules.ts';

const isNamed = (scope: string): scope is NamedScope =>
  namedScopes.some((named) => named === scope);

/** The name of a scope: `short` for the list of keys, else the form's. */
export function useScopeName(form: 'short' | 'long' = 'short'): (scope: string) => string {
  const { t } = useTranslation();
  const table = form === 'short' ? 'scopeShort' : 'scopeNames';
  return useCallback(
    (scope: string) => (isNamed(scope) ? t(`security.apiKeys.${table}.${scope}`) : scope),
    [t, table],
  );
}
