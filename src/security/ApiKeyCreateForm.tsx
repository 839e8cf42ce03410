// Making an API key: its label, its permissions, an optional IP allowlist, then the code sent to
// the account's email and, with an authenticator bound, the app's code. Every problem found before
// sending shows at once under its field; the server's refusal of a field shows under it, and any
// other (the 30 keys an account may hold, too many tries) is toasted once, in the user's language.
import { useState } from 'react';
import type { ApiKeyRow } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { TextField } from '../ui/TextField.tsx';
import { useFieldRefusals } from '../ui/use-field-refusals.ts';
import { AllowlistField, ScopeChoices } from './ApiKeyFields.tsx';
import {
  allowlistMax,
  allowlistProblem,
  chosenScopes,
  labelMax,
  labelProblem,
  parseAllowlist,
} from './api-key-form-rules.ts';
import { CodeField, EmailCodeField } from './SecurityFields.tsx';
import { useSecurityForm } from './use-security-form.ts';

export type CreatedApiKey = ApiKeyRow & { secret: string };

type OwnField = 'label' | 'ip_allowlist';

export function ApiKeyCreateForm(props: {
  /** An authenticator is bound: its code is asked for too. */
  totp: boolean;
  /** The scopes the server offers a new key. */
  scopes: readonly string[];
  onCreated(key: CreatedApiKey): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const core = useWorker();
  const codes = useSecurityForm<'email_code' | 'totp_code'>(
    props.totp ? ['email_code', 'totp_code'] : ['email_code'],
  );
  const refusals = useFieldRefusals<'label' | 'scopes' | 'ip_allowlist'>([
    'label',
    'scopes',
    'ip_allowlist',
  ]);
  const [label, setLabel] = useState('');
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [allowlist, setAllowlist] = useState('');
  const [problems, setProblems] = useState<Partial<Record<OwnField, string>>>({});
  const [sending, setSending] = useState(false);

  const problemOf = (field: OwnField) => problems[field] ?? refusals.refusalOf(field);
  const changed = (field: OwnField) => {
    setProblems((shown) => ({ ...shown, [field]: undefined }));
    refusals.clear(field);
  };

  /** Flags every field with a problem at once; answers whether all are fit to send. */
  const check = (entries: readonly string[]): boolean => {
    const codesFit = codes.check();
    const labelFound = labelProblem(label);
    const listFound = allowlistProblem(entries);
    refusals.clear();
    setProblems({
      ...(labelFound && { label: t(`security.apiKeys.problems.${labelFound}`, { max: labelMax }) }),
      ...(listFound && {
        ip_allowlist: t(`security.apiKeys.problems.${listFound}`, { max: allowlistMax }),
      }),
    });
    return codesFit && labelFound === null && listFound === null;
  };

  const submit = async () => {
    const entries = parseAllowlist(allowlist);
    if (sending || !check(entries)) return;
    setSending(true);
    const outcome = await core
      .createApiKey({
        label,
        scopes: chosenScopes(props.scopes, ticked),
        ipAllowlist: entries,
        emailCode: codes.values.email_code,
        ...(props.totp ? { totpCode: codes.values.totp_code } : {}),
      })
      .catch(() => null);
    setSending(false);
    if (outcome?.ok) props.onCreated(outcome.data);
    // A refusal of the label, the permissions or the list is said under it; of a code, under
    // that code; any other, in a toast.
    else if (!refusals.take(outcome)) codes.said(outcome);
  };

  return (
    <form
      className="wallet-page card wallet-form"
      aria-labelledby="api-key-create-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="api-key-create-title" className="card__title">
        {t('security.apiKeys.createTitle')}
      </h2>
      <TextField
        id="security-label"
        name="label"
        label={t('security.apiKeys.label')}
        value={label}
        problem={problemOf('label')}
        onChange={(value) => {
          setLabel(value);
          changed('label');
        }}
        maxLength={labelMax}
        hint={t('security.apiKeys.labelHint')}
      />
      <ScopeChoices
        offered={props.scopes}
        ticked={ticked}
        problem={refusals.refusalOf('scopes')}
        onTick={(scope, on) => {
          setTicked((shown) => {
            const next = new Set(shown);
            if (on) next.add(scope);
            else next.delete(scope);
            return next;
          });
          refusals.clear('scopes');
        }}
      />
      <AllowlistField
        value={allowlist}
        max={allowlistMax}
        problem={problemOf('ip_allowlist')}
        onChange={(value) => {
          setAllowlist(value);
          changed('ip_allowlist');
        }}
      />
      <EmailCodeField field={codes.bind('email_code')} />
      {props.totp && (
        <CodeField field={codes.bind('totp_code')} label={t('security.fields.totpCode')} />
      )}
      <button
        type="submit"
        className="button button--block"
        data-testid="api-key-submit"
        disabled={sending}
      >
        {sending ? t('wallet.sending') : t('security.apiKeys.submit')}
      </button>
      <button
        type="button"
        className="button button--ghost button--block"
        data-testid="api-key-cancel"
        onClick={props.onCancel}
      >
        {t('security.apiKeys.cancel')}
      </button>
    </form>
  );
}
