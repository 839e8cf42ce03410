// A form of the security center: its fields' values, each field's problem (the form's own check
// before sending, or the server's refusal after), and sending. Every invalid field is flagged at
// once; typing in a field clears its problem alone; sending again clears them all. Its calls are
// not toasted by the worker (workers/security/refusal-fields.ts): a refusal about a field it shows
// is said under that field, any other is toasted here, once.
import { useCallback, useMemo, useState } from 'react';
import type { FieldName } from '../../schemas/fields.ts';
import type { Outcome } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { useFieldRefusals } from '../ui/use-field-refusals.ts';
import { checkFields, type FieldCheck, type RuledField } from './field-rules.ts';
import { useSayFailure } from './use-say-failure.ts';

/** One field of a form, as its input shows it. */
export interface BoundField {
  name: RuledField;
  value: string;
  problem: string | null;
  onChange(value: string): void;
}

const blank: Record<RuledField, string> = {
  code: '',
  email_code: '',
  totp_code: '',
  recovery_code: '',
  phone: '',
  anti_phishing_code: '',
};

/** `fields`: the request fields the form shows, in their order. */
export function useSecurityForm<F extends RuledField>(fields: readonly F[]) {
  const { t } = useTranslation();
  const sayFailure = useSayFailure();
  const refusals = useFieldRefusals<FieldName>(fields);
  const [values, setValues] = useState(blank);
  const [problems, setProblems] = useState<Partial<Record<RuledField, FieldCheck>>>({});
  const [sending, setSending] = useState(false);
  const { clear, refusalOf, take } = refusals;

  const change = useCallback(
    (field: F) => (value: string) => {
      setValues((shown) => ({ ...shown, [field]: value }));
      setProblems((shown) => ({ ...shown, [field]: undefined }));
      clear(field);
    },
    [clear],
  );

  /** What a field of the form shows and does: its value, its problem, its change. */
  const bind = useCallback(
    (field: F): BoundField => {
      const found = problems[field];
      return {
        name: field,
        value: values[field],
        problem: found ? t(`security.problems.${found}.${field}`) : refusalOf(field),
        onChange: change(field),
      };
    },
    [values, problems, refusalOf, change, t],
  );

  /** Checks `only` (every field by default); answers whether all are fit to send. */
  const check = useCallback(
    (only: readonly F[] = fields): boolean => {
      const found = checkFields(values, only);
      setProblems(found);
      clear();
      return Object.keys(found).length === 0;
    },
    [values, fields, clear],
  );

  /** Says a failed call: under its field when the form shows it, else in a toast. */
  const said = useCallback(
    (outcome: Outcome<unknown> | null) => {
      if (!take(outcome)) sayFailure(outcome);
    },
    [take, sayFailure],
  );

  /** Sends, once at a time, and says a failure; answers the outcome when it succeeded, else null. */
  const send = useCallback(
    async <T>(run: () => Promise<Outcome<T>>): Promise<{ ok: true; data: T } | null> => {
      if (sending) return null;
      setSending(true);
      clear();
      const outcome = await run().catch(() => null);
      setSending(false);
      if (outcome?.ok) return outcome;
      said(outcome);
      return null;
    },
    [sending, clear, said],
  );

  return useMemo(
    () => ({ values, bind, check, send, said, sending }),
    [values, bind, check, send, said, sending],
  );
}
