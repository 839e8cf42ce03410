// A one-of-a-few choice as a row of chips (assets, chains): real radio buttons, each chip a full
// touch target.
export interface Choice<T extends string> {
  value: T;
  label: string;
}

export function ChoiceChips<T extends string>(props: {
  label: string;
  /** The radio group's name, unique on the page. */
  name: string;
  choices: readonly Choice<T>[];
  value: T | undefined;
  onChange(value: T): void;
}) {
  return (
    <fieldset className="choice-chips">
      <legend className="field__label">{props.label}</legend>
      <div className="choice-chips__row">
        {props.choices.map((choice) => (
          <label key={choice.value} className="chip" data-testid={`${props.name}-${choice.value}`}>
            <input
              className="visually-hidden"
              type="radio"
              name={props.name}
              value={choice.value}
              checked={choice.value === props.value}
              onChange={() => props.onChange(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
