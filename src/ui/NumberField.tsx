// One number field of the trading forms, with its unit and the problem the checks found in it; its
// input is `<idPrefix>-<name>` and its problem `<idPrefix>-<name>-problem` (or `problemTestId`).
import type { ReactNode } from 'react';
import { typedAmount } from './amount-checks.ts';

export function NumberField(props: {
  /** The product the form is of (`contract`, `option`): the ids' prefix. */
  idPrefix: string;
  /** The input's name, unique on the page. */
  name: string;
  label: string;
  unit: string;
  value: string;
  problem: string | null;
  onChange(value: string): void;
  placeholder?: string;
  /** The problem's test id when the form names all its problems alike. */
  problemTestId?: string;
  children?: ReactNode;
}) {
  const id = `${props.idPrefix}-${props.name}`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      <div className="unit-input">
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
        <span className="unit-input__unit">{props.unit}</span>
      </div>
      {props.children}
      {props.problem && (
        <span
          className="field__problem"
          id={`${id}-problem`}
          role="alert"
          data-testid={props.problemTestId ?? `${id}-problem`}
        >
          {props.problem}
        </span>
      )}
    </div>
  );
}
