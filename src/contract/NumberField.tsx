// One number field of the perpetual forms, with its unit and the problem the checks found in it.
import type { ReactNode } from 'react';
import { typedAmount } from '../ui/amount-checks.ts';

export function NumberField(props: {
  /** The input's name, unique on the page. */
  name: string;
  label: string;
  unit: string;
  value: string;
  problem: string | null;
  onChange(value: string): void;
  placeholder?: string;
  children?: ReactNode;
}) {
  const id = `contract-${props.name}`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      <div className="contract-input">
        <input
          id={id}
          className="field__input field__input--grow figure"
          name={props.name}
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          value={props.value}
          placeholder={props.placeholder}
          aria-invalid={props.problem !== null}
          aria-describedby={props.problem ? `${id}-problem` : undefined}
          onChange={(event) => props.onChange(typedAmount(event.target.value))}
        />
        <span className="contract-input__unit">{props.unit}</span>
      </div>
      {props.children}
      {props.problem && (
        <span
          className="field__problem"
          id={`${id}-problem`}
          role="alert"
          data-testid={`${id}-problem`}
        >
          {props.problem}
        </span>
      )}
    </div>
  );
}
