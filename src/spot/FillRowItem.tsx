// One of the user's fills on the Deals tab (docs/spot.md § Deals): side and whether it made or took
// liquidity, time, price, quantity, what it spent or received in quote, and its fee.
import { withUnit } from '../../core/figures.ts';
import type { SpotFillRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { Fact } from '../ui/Fact.tsx';
import { useFigureLocale } from '../ui/figure-locale.ts';

export function FillRowItem(props: { row: SpotFillRow }) {
  const { t } = useTranslation();
  const { row } = props;
  const locale = useFigureLocale();
  return (
    <li className="spot-order" data-testid={`spot-fill-${row.id}`}>
      <div className="spot-order__head">
        <span className={`spot-order__side spot-order__side--${row.side}`}>
          {row.side === 'buy' ? t('trade.buy') : t('trade.sell')} · {row.base}/{row.quote}
        </span>
        <span className="spot-order__status">{t(`spot.fills.${row.role}`)}</span>
        <span className="spot-order__time">{row.time}</span>
      </div>
      <dl className="facts">
        <Fact
          label={t('trade.orders.price')}
          value={row.priceShown}
          testId={`fill-price-${row.id}`}
        />
        <Fact
          label={t('spot.quantity')}
          value={withUnit(row.quantityShown, row.base, locale)}
          testId={`fill-quantity-${row.id}`}
        />
        <Fact label={t('spot.total')} value={withUnit(row.quoteShown, row.quote, locale)} />
        <Fact label={t('trade.orders.fee')} value={withUnit(row.feeShown, row.feeAsset, locale)} />
      </dl>
    </li>
  );
}
