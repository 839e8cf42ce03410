// One labelled text field of a form with its problem under it (the form's own check, or the
// server's refusal of this field): `aria-invalid` and `aria-describedby` follow the problem. Its
// input is `id`, its hint `<id>-hint`, its problem `<id>-problem`.
import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute, ReactNode } from 'react';
import { describedBy, FieldProblem } from './FieldProblem.tsx';

export function TextField(props: {
  id: string;
  /** The input's name: the request field it fills. */
  name: string;
  label: string;
  value: string;
  problem: string | null;
  onChange(value: string): void;
  type?: HTMLInputTypeAttribute;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  /** Addresses, codes and passwords read left to right in every language. */
  ltr?: boolean;
  /** Digits: set in the figures' font. */
  figure?: boolean;
  placeholder?: string;
  maxLength?: number;
  /** Shown under the input, before a problem. */
  hint?: ReactNode;
  /** A control beside the input (send code, max). */
  beside?: ReactNode | undefined;
  /** A control on the label's line, leaving the input the whole width (the address book). */
  labelAction?: ReactNode;
  /** Below everything, inside the field (a picker the control beside opens). */
  children?: ReactNode;
}) {
  const { id, problem } = props;
  const label = (
    <label className="field__label" htmlFor={id}>
      {props.label}
    </label>
  );
  const input = (
    <input
      id={id}
      className={[
        'field__input',
        props.beside ? 'field__input--grow' : '',
        props.figure ? 'figure' : '',
      ]
        .filter(Boolean)
        .join(' ')}
      name={props.name}
      type={props.type ?? 'text'}
      inputMode={props.inputMode}
      autoComplete={props.autoComplete ?? 'off'}
      autoCapitalize="off"
      spellCheck={false}
      dir={props.ltr ? 'ltr' : undefined}
      placeholder={props.placeholder}
      maxLength={props.maxLength}
      value={props.value}
      aria-invalid={problem !== null}
      aria-describedby={describedBy(id, { hint: props.hint !== undefined, problem })}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
  return (
    <div className="field">
      {props.labelAction ? (
        <div className="field__head">
          {label}
          {props.labelAction}
        </div>
      ) : (
        label
      )}
      {props.beside ? (
        <div className="field-row">
          {input}
          {props.beside}
        </div>
      ) : (
        input
      )}
      {props.hint !== undefined && (
        <span className="field__hint" id={`${id}-hint`}>
          {props.hint}
        </span>
      )}
      <FieldProblem id={`${id}-problem`} text={problem} />
      {props.children}
    </div>
  );
}
