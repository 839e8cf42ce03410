// Which request fields a form on screen shows the server's refusals of. The worker hands every
// refusal to the host to toast; one about a claimed field is left to the form, which shows it under
// that field instead. A refusal about a field no form on screen claims is still toasted, so none
// goes unsaid.
import type { FieldName } from '../../schemas/fields.ts';

const claims = new Map<FieldName, number>();

/** Claims the fields while a form shows them; the answer lets them go. */
export function claimFields(fields: readonly FieldName[]): () => void {
  for (const field of fields) claims.set(field, (claims.get(field) ?? 0) + 1);
  return () => {
    for (const field of fields) {
      const left = (claims.get(field) ?? 0) - 1;
      if (left > 0) claims.set(field, left);
      else claims.delete(field);
    }
  };
}

export function isClaimed(field: FieldName): boolean {
  return claims.has(field);
}
