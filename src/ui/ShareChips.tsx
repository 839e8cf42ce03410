// Shares of a most (25, 50, 75, 100 %) as a row of buttons under an amount field: the quantity of a
// position or of what the wallet allows, a stake of the available balance. Each is
// `<testIdPrefix>-<percent>`.

import { formatPercent } from '../../core/figures.ts';
import { type QuantityShare, quantityShares } from '../../core/market/quantity-share.ts';
import { useFigureLocale } from './figure-locale.ts';

export function ShareChips(props: {
  /** Said to screen readers; the row stands alone without it. */
  label?: string;
  testIdPrefix: string;
  disabled?: boolean;
  onPick(percent: QuantityShare): void;
}) {
  const locale = useFigureLocale();
  const row = (
    <div className="share-chips__row">
      {quantityShares.map((percent) => (
        <button
          key={percent}
          type="button"
          className="share-chip"
          data-testid={`${props.testIdPrefix}-${percent}`}
          disabled={props.disabled}
          onClick={() => props.onPick(percent)}
        >
          {formatPercent(String(percent), locale, { decimals: 0 })}
        </button>
      ))}
    </div>
  );
  if (props.label === undefined) return row;
  return (
    <fieldset className="share-chips">
      <legend className="visually-hidden">{props.label}</legend>
      {row}
    </fieldset>
  );
}
