// One number field of the trading forms, with its unit and the problem the checks found in it; its
// input is `<idPrefix>-<name>` and its problem `<idPrefix>-<name>-problem` (or `problemTestId`).
// It takes the language's decimal mark or a dot, and hands its form the plain decimal
// (./use-typed-figure.ts).
import type { ReactNode } from 'react';
import { describedBy, FieldProblem } from './FieldProblem.tsx';
import { useTypedFigure } from './use-typed-figure.ts';

export function NumberField(props: {
  /** The product the form is of (`contract`, `option`): the ids' prefix. */
  idPrefix: string;
  /** The input's name, unique on the page. */
  name: string;
  label: string;
  unit: string;
  /** The plain decimal the form holds (`3960.34`), or the text it refuses. */
  value: string;
  problem: string | null;
  onChange(value: string): void;
  placeholder?: string;
  /** The problem's test id when the form names all its problems alike. */
  problemTestId?: string;
  children?: ReactNode;
}) {
  const id = `${props.idPrefix}-${props.name}`;
  const typed = useTypedFigure(props.value, props.onChange);
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
          value={typed.text}
          placeholder={props.placeholder}
          aria-invalid={props.problem !== null}
          aria-describedby={describedBy(id, { problem: props.problem })}
          onChange={(event) => typed.type(event.target.value)}
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
