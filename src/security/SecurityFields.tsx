// The fields the security center's forms share: a code sent to the account's email with its send
// button, and the authenticator's second factor (a code from the app, or a recovery code).
import type { ReactNode } from 'react';
import type { SecondFactor } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { ChoiceChips } from '../ui/ChoiceChips.tsx';
import { TextField } from '../ui/TextField.tsx';
import type { RuledField } from './field-rules.ts';
import { SendCodeButton } from './SendCodeButton.tsx';
import type { BoundField } from './use-security-form.ts';

/** A code field, read left to right in every language, with a control beside it. */
export function CodeField(props: {
  field: BoundField;
  label: string;
  beside?: ReactNode;
  hint?: string;
}) {
  const { field } = props;
  return (
    <TextField
      id={`security-${field.name}`}
      name={field.name}
      label={props.label}
      value={field.value}
      problem={field.problem}
      onChange={field.onChange}
      inputMode={field.name === 'recovery_code' ? 'text' : 'numeric'}
      autoComplete="one-time-code"
      ltr
      figure
      beside={props.beside}
      {...(props.hint ? { hint: props.hint } : {})}
    />
  );
}

/** The code sent to the account's own email, with the button that sends it. */
export function EmailCodeField(props: { field: BoundField }) {
  const { t } = useTranslation();
  const core = useWorker();
  return (
    <CodeField
      field={props.field}
      label={t('security.fields.emailCode')}
      beside={
        <SendCodeButton
          testId="security-send-email-code"
          onSend={() => core.sendSecurityCode('email')}
        />
      }
    />
  );
}

export type FactorKind = NonNullable<SecondFactor>['kind'];

/** The field of the authenticator's code, or of a recovery code. */
export function FactorField(props: { field: BoundField }) {
  const { t } = useTranslation();
  const app = props.field.name === 'totp_code';
  return (
    <CodeField
      field={props.field}
      label={t(app ? 'security.fields.totpCode' : 'security.fields.recoveryCode')}
      {...(app ? {} : { hint: t('security.fields.recoveryHint') })}
    />
  );
}

/** The choice of the second factor: a code from the app, or a recovery code. */
export function FactorChoice(props: { kind: FactorKind; onKind(kind: FactorKind): void }) {
  const { t } = useTranslation();
  return (
    <ChoiceChips
      label={t('security.fields.factor')}
      name="factor"
      choices={[
        { value: 'totp', label: t('security.fields.byApp') },
        { value: 'recovery', label: t('security.fields.byRecovery') },
      ]}
      value={props.kind}
      onChange={props.onKind}
    />
  );
}

/** The request field of a factor's kind. */
export const factorField = (kind: FactorKind) =>
  kind === 'totp' ? ('totp_code' as const) : ('recovery_code' as const);

/** The factor as the worker sends it, from the kind chosen and the form's values. */
export function factorOf(
  kind: FactorKind,
  values: Readonly<Record<RuledField, string>>,
): NonNullable<SecondFactor> {
  return { kind, code: values[factorField(kind)] };
}
