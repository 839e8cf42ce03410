// One figure of a list of facts (`<dl className="facts">`): its label, its value as a figure (`--`
// while it is not known), its unit once there is a value, and its colour by sign when it is a gain
// or a loss.
import { dash } from '../../core/figures.ts';
import { FigureWithUnit } from './Figures.tsx';

export function Fact(props: {
  label: string;
  value: string | null | undefined;
  unit?: string | undefined;
  testId?: string | undefined;
  sign?: -1 | 0 | 1 | undefined;
}) {
  const tone = props.sign === 1 ? 'price--up' : props.sign === -1 ? 'price--down' : undefined;
  return (
    <div>
      <dt>{props.label}</dt>
      <dd>
        <FigureWithUnit
          figure={props.value ?? dash}
          unit={(props.value && props.unit) || ''}
          testId={props.testId}
          className={tone}
        />
      </dd>
    </div>
  );
}
