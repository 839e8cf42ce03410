// One number field of the order form, with its unit and the problem the checks found in it.
import type { ReactNode } from 'react';
import { typedAmount } from '../ui/amount-checks.ts';

export function AmountField(props: {
  name: 'price' | 'quantity' | 'turnover';
  label: string;
  unit: string;
  value: string;
  problem: string | null;
  onChange(value: string): void;
  children?: ReactNode;
}) {
  const id = `spot-${props.name}`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      <div className="spot-input">
        <input
          id={id}
          className="field__input field__input--grow figure"
          name={props.name}
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          value={props.value}
          aria-invalid={props.problem !== null}
          aria-describedby={props.problem ? `${id}-problem` : undefined}
          onChange={(event) => props.onChange(typedAmount(event.target.value))}
        />
        <span className="spot-input__unit">{props.unit}</span>
      </div>
      {props.children}
      {props.problem && (
        <span
          className="field__problem"
          id={`${id}-problem`}
          role="alert"
          data-testid="spot-problem"
        >
          {props.problem}
        </span>
      )}
    </div>
  );
}
