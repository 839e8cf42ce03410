// One number field of the trading forms, with its unit and the problem the checks found in it; its
// input is `<idPrefix>-<name>` and its problem `<idPrefix>-<name>-problem` (or `problemTestId`).
import type { ReactNode } from 'react';
import { typedAmount } from './amount-checks.ts';
import { describedBy, FieldProblem } from './FieldProblem.tsx';

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
          aria-describedby={describedBy(id, { problem: props.problem })}
          onChange={(event) => props.onChange(typedAmount(event.target.value))}
        />
        <span className="unit-input__unit">{props.unit}</span>
      </div>
      {props.children}
      <FieldProblem
        id={`${id}-problem`}
        text={props.problem}
        testId={props.problemTestId ?? `${id}-problem`}
      />
    </div>
  );
}
