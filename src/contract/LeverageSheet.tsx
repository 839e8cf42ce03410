// The leverage picker: a slider from 1× to the market's most (its first bracket's), steps of one,
// with − and + for a thumb's precision and the common marks below. A higher leverage brings the
// liquidation price closer: said under the slider, as exchanges do. The mark of the value chosen is
// pressed (it starts at the value in force), and the marks sit in a grid of equal cells, each
// wide enough for "125×" at phone width.
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { BottomSheet } from '../ui/BottomSheet.tsx';
import { Figure } from '../ui/Figures.tsx';

const marks = [1, 5, 10, 20, 50, 75, 100, 125];

export function LeverageSheet(props: {
  value: number;
  max: number;
  busy?: boolean;
  onConfirm(leverage: number): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [leverage, setLeverage] = useState(Math.min(props.value, props.max));
  const clamp = (value: number) => Math.max(1, Math.min(props.max, Math.round(value)));
  return (
    <BottomSheet
      title={t('contract.leverage.title')}
      onClose={props.onClose}
      testId="leverage-sheet"
    >
      <div className="leverage">
        <div className="leverage__value">
          <button
            type="button"
            className="icon-button leverage__step"
            aria-label={t('contract.leverage.less')}
            onClick={() => setLeverage(clamp(leverage - 1))}
          >
            −
          </button>
          <Figure className="leverage__figure" testId="leverage-value">
            {leverage}×
          </Figure>
          <button
            type="button"
            className="icon-button leverage__step"
            aria-label={t('contract.leverage.more')}
            onClick={() => setLeverage(clamp(leverage + 1))}
          >
            +
          </button>
        </div>
        <input
          className="leverage__slider"
          type="range"
          name="leverage"
          min={1}
          max={props.max}
          step={1}
          value={leverage}
          aria-label={t('contract.leverage.title')}
          aria-valuetext={`${leverage}×`}
          onChange={(event) => setLeverage(clamp(Number(event.target.value)))}
        />
        <div className="leverage__marks" dir="ltr">
          {marks
            .filter((mark) => mark <= props.max)
            .map((mark) => (
              <button
                key={mark}
                type="button"
                className="chip leverage__mark"
                data-testid={`leverage-mark-${mark}`}
                aria-pressed={mark === leverage}
                onClick={() => setLeverage(mark)}
              >
                {mark}×
              </button>
            ))}
        </div>
        <p className="contract-note">{t('contract.leverage.risk', { max: props.max })}</p>
        <button
          type="button"
          className="button button--block"
          data-testid="leverage-confirm"
          disabled={props.busy}
          onClick={() => props.onConfirm(leverage)}
        >
          {t('contract.confirm')}
        </button>
      </div>
    </BottomSheet>
  );
}
