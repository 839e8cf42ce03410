// The verification form: real name, ID number and the two ID images; a problem is shown under the
// field it is about.

import type { FormProblem, VerificationContext } from '../../core/machines/verification.machine.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { ImagePicker } from './ImagePicker.tsx';

export type FormEvent =
  | { type: 'CHANGE'; field: 'realName' | 'idNumber'; value: string }
  | { type: 'PICK'; side: 'front' | 'back'; file: Blob }
  | { type: 'SUBMIT' };

export function VerificationForm(props: {
  context: VerificationContext;
  sending: boolean;
  send(event: FormEvent): void;
}) {
  const { t } = useTranslation();
  const { context, sending, send } = props;
  const problemOf = (field: FormProblem) =>
    context.problem === field ? t(`identity.problems.${field}`) : null;

  const text = (field: 'realName' | 'idNumber', problem: FormProblem, label: string) => (
    <label className="field">
      <span className="field__label">{label}</span>
      <input
        className="field__input"
        name={problem}
        value={context[field]}
        disabled={sending}
        autoComplete={field === 'realName' ? 'name' : 'off'}
        aria-invalid={context.problem === problem}
        onChange={(event) => send({ type: 'CHANGE', field, value: event.target.value })}
      />
      {problemOf(problem) && (
        <span className="field__problem" role="alert">
          {problemOf(problem)}
        </span>
      )}
    </label>
  );

  return (
    <form
      className="auth verification-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'SUBMIT' });
      }}
    >
      {text('realName', 'real_name', t('identity.realName'))}
      {text('idNumber', 'id_number', t('identity.idNumber'))}
      {(['front', 'back'] as const).map((side) => (
        <ImagePicker
          key={side}
          side={side}
          label={t(`identity.${side}`)}
          file={context.files[side]}
          problem={problemOf(side)}
          disabled={sending}
          onPick={(file) => send({ type: 'PICK', side, file })}
        />
      ))}
      <button type="submit" className="button" disabled={sending} data-testid="kyc-submit">
        {t(sending ? 'identity.sending' : 'identity.submit')}
      </button>
    </form>
  );
}
