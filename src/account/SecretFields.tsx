// One field of the password page, with its problem under it when it has one.
import type { SecretForm, SecretProblem } from '../../core/secret-form.ts';

export function SecretField(props: {
  name: keyof SecretForm;
  label: string;
  value: string;
  problem: SecretProblem | null;
  problemText: string;
  numeric?: boolean;
  autoComplete: string;
  onChange(value: string): void;
}) {
  const invalid = props.problem?.field === props.name;
  return (
    <label className="field">
      <span className="field__label">{props.label}</span>
      <input
        className="field__input"
        name={props.name}
        type={props.name === 'code' ? 'text' : 'password'}
        inputMode={props.numeric ? 'numeric' : undefined}
        autoComplete={props.autoComplete}
        dir="ltr"
        value={props.value}
        aria-invalid={invalid}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {invalid && (
        <span className="field__problem" role="alert">
          {props.problemText}
        </span>
      )}
    </label>
  );
}
