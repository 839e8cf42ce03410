// One of the user's orders: side and type, price asked, the "real price" (docs/product.md §12)
// shown as the average price it traded at, amount asked, the "real quantity" shown as the filled
// quantity, fee, status and time; a resting one can be cancelled. Traders read "real" as a
// correction of the asked figure; "average" and "filled" say what the figures are.

import { withUnit } from '../../core/figures.ts';
import type { SpotOrderRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { Fact } from '../ui/Fact.tsx';
import { useFigureLocale } from '../ui/figure-locale.ts';

export function OrderRowItem(props: {
  row: SpotOrderRow;
  base: string;
  onCancel?: ((id: number) => void) | undefined;
  cancelling?: boolean;
}) {
  const { t } = useTranslation();
  const { row } = props;
  const locale = useFigureLocale();
  return (
    <li className="spot-order" data-testid={`spot-order-${row.id}`} data-status={row.status}>
      <div className="spot-order__head">
        <span className={`spot-order__side spot-order__side--${row.side}`}>
          {row.type === 'limit' ? t('trade.limit') : t('trade.market')} ·{' '}
          {row.side === 'buy' ? t('trade.buy') : t('trade.sell')}
        </span>
        <span className="spot-order__status" data-testid={`order-status-${row.id}`}>
          {t(`spot.status.${row.status}`)}
        </span>
        <span className="spot-order__time">{row.time}</span>
      </div>
      <dl className="facts">
        <Fact label={t('trade.orders.price')} value={row.priceShown} />
        <Fact
          label={t('spot.orders.amount')}
          value={withUnit(row.amountShown, row.amountAsset, locale)}
        />
        <Fact
          label={t('trade.orders.avgPrice')}
          value={row.avgPriceShown}
          testId={`order-avg-${row.id}`}
        />
        <Fact
          label={t('trade.orders.filled')}
          value={withUnit(row.filledShown, props.base, locale)}
          testId={`order-filled-${row.id}`}
        />
        <Fact
          label={t('trade.orders.fee')}
          value={withUnit(row.feeShown, row.feeAsset, locale)}
          testId={`order-fee-${row.id}`}
        />
      </dl>
      {row.cancelReason && row.cancelReason !== 'user' && (
        <p className="spot-order__reason">{t(`spot.reasons.${row.cancelReason}`)}</p>
      )}
      {row.open && props.onCancel && (
        <button
          type="button"
          className="button button--ghost spot-order__cancel"
          data-testid={`spot-cancel-${row.id}`}
          disabled={props.cancelling}
          onClick={() => props.onCancel?.(row.id)}
        >
          {t('trade.orders.cancel')}
        </button>
      )}
    </li>
  );
}
