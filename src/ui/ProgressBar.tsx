// How far something has come as a bar (a pre-sale's commitments against its supply, a product's
// quota sold), with its figure written beside it; the bar stops at full, the figure does not.
import { Figure } from './Figures.tsx';

export function ProgressBar(props: {
  label: string;
  /** The bar's width in percent, 0 to 100. */
  width: number;
  /** The figure as written (`150%`). */
  text: string;
  testId?: string;
  /** Past full (oversubscribed): drawn in the accent colour. */
  over?: boolean;
}) {
  return (
    <div className="progress">
      <div
        className={props.over ? 'progress__track progress__track--over' : 'progress__track'}
        role="progressbar"
        aria-label={props.label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(props.width)}
        aria-valuetext={props.text}
      >
        <span className="progress__bar" style={{ inlineSize: `${props.width}%` }} />
      </div>
      <Figure testId={props.testId} className="progress__text">
        {props.text}
      </Figure>
    </div>
  );
}
