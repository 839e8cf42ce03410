// The server's refusal of one of a form's fields, kept to be shown under that field. While the form
// is on screen it claims its fields, so such a refusal is not toasted as well (field-claims.ts).
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FieldName } from '../../schemas/fields.ts';
import type { Outcome } from '../../workers/facade.ts';
import { claimFields } from './field-claims.ts';

export interface FieldRefusal<F extends FieldName> {
  field: F;
  message: string;
}

/** `fields`: the request fields the form shows, as the server names them. */
export function useFieldRefusals<F extends FieldName>(fields: readonly F[]) {
  const [refusal, setRefusal] = useState<FieldRefusal<F> | null>(null);
  const key = fields.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a list of the same names is the same list.
  const names = useMemo(() => fields, [key]);
  useEffect(() => claimFields(names), [names]);

  /** Keeps the outcome's refusal if it is about one of the form's fields; answers whether it was. */
  const take = useCallback(
    (outcome: Outcome<unknown> | null): boolean => {
      const failure = outcome && !outcome.ok ? outcome.failure : null;
      if (failure?.kind !== 'business') return false;
      const ours = names.find((name) => name === failure.field);
      if (ours === undefined) return false;
      setRefusal({ field: ours, message: failure.msg });
      return true;
    },
    [names],
  );

  /** The refusal's message if it is about this field. */
  const refusalOf = useCallback(
    (field: F): string | null => (refusal?.field === field ? refusal.message : null),
    [refusal],
  );

  /** Forgets the refusal: the field it was about was changed, or the form is sent again. */
  const clear = useCallback((field?: F) => {
    setRefusal((kept) => (field === undefined || kept?.field === field ? null : kept));
  }, []);

  return { take, refusalOf, clear };
}
