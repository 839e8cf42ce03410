// A form of the security center: its fields' values, each field's problem (the form's own check
// before sending, or the server's refusal after), and sending. Every invalid field is flagged at
// once; typing in a field clears its problem alone; sending again clears them all.
import { useCallback, useMemo, useState } from 'react';
import type { FieldName } from '../../schemas/fields.ts';
import type { Outcome } from '../../workers/facade.ts';
import { useApp } from '../app/app-context.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import { unannounced } from '../ui/failure-toast.ts';
import { useFieldRefusals } from '../ui/use-field-refusals.ts';
import { checkFields, type FieldCheck, type RuledField } from './field-rules.ts';

/** One field of a form, as its input shows it. */
export interface BoundField {
  name: RuledField;
  value: string;
  problem: string | null;
  onChange(value: string): void;
}

/**
 * `fields`: the request fields the form shows, in their order. `alias`: a field the server may
 * name for one of them (a wrong email code is `code` to the catalogue where the request has no
 * other code), shown under that one; a constant, not made anew on each render.
 */
export function useSecurityForm<F extends RuledField>(
  fields: readonly F[],
  alias: Partial<Record<FieldName, F>> = {},
) {
  const { t } = useTranslation();
  const { toast } = useApp();
  const aliases = Object.keys(alias) as FieldName[];
  const refusals = useFieldRefusals<FieldName>([...fields, ...aliases]);
  const [values, setValues] = useState<Record<RuledField, string>>({
    code: '',
    email_code: '',
    totp_code: '',
    recovery_code: '',
    phone: '',
    anti_phishing_code: '',
  });
  const [problems, setProblems] = useState<Partial<Record<RuledField, FieldCheck>>>({});
  const [sending, setSending] = useState(false);
  const { clear, refusalOf, take } = refusals;

  const change = useCallback(
    (field: F) => (value: string) => {
      setValues((shown) => ({ ...shown, [field]: value }));
      setProblems((shown) => ({ ...shown, [field]: undefined }));
      clear(field);
      for (const [from, to] of Object.entries(alias)) if (to === field) clear(from as FieldName);
    },
    [clear, alias],
  );

  /** The problem to show under a field, in the user's language. */
  const problemOf = useCallback(
    (field: F): string | null => {
      const found = problems[field];
      if (found) return t(`security.problems.${found}.${field}`);
      const named = aliases.find((from) => alias[from] === field);
      return refusalOf(field) ?? (named ? refusalOf(named) : null);
    },
    [problems, refusalOf, t, alias, aliases],
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

  /**
   * Sends, once at a time: a refusal about a field shows under it, one the worker toasted is not
   * said again, and no answer at all is said here. Answers the outcome when it succeeded, else null.
   */
  const send = useCallback(
    async <T>(run: () => Promise<Outcome<T>>): Promise<{ ok: true; data: T } | null> => {
      if (sending) return null;
      setSending(true);
      clear();
      const outcome = await run().catch(() => null);
      setSending(false);
      if (outcome?.ok) return outcome;
      if (!take(outcome) && unannounced(outcome)) toast(t('wallet.unanswered'), 'error');
      return null;
    },
    [sending, clear, take, toast, t],
  );

  /** What a field of the form shows and does: its value, its problem, its change. */
  const bind = useCallback(
    (field: F): BoundField => ({
      name: field,
      value: values[field],
      problem: problemOf(field),
      onChange: change(field),
    }),
    [values, problemOf, change],
  );

  return useMemo(
    () => ({ values, bind, check, send, sending, take }),
    [values, bind, check, send, sending, take],
  );
}
