// A key's permission in the user's words; a scope this build does not know yet (a product added
// on the server since) is shown as the server names it rather than not at all.
import { useCallback } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { type OfferedScope, offeredScopes } from './api-key-form-rules.ts';

const isOffered = (scope: string): scope is OfferedScope =>
  offeredScopes.some((offered) => offered === scope);

/** The short name of a scope, for the list of keys. */
export function useScopeName(): (scope: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (scope: string) => (isOffered(scope) ? t(`security.apiKeys.scopeShort.${scope}`) : scope),
    [t],
  );
}
