// One record: what it was (its label: a deposit, a futures funding fee, an AI reward; or "Buy
// BTC/USDT" for a fill), what it moved in each asset, for a transfer the wallet it left and the
// one it reached, and for a fill its quantity, price and fee. The internal reference is what support asks for, so
// it waits behind "Details" rather than on the main line.

import { withUnit } from '../../core/figures.ts';
import type { RecordRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { Fact } from '../ui/Fact.tsx';
import { Figure } from '../ui/Figures.tsx';
import { useFigureLocale } from '../ui/figure-locale.ts';

export function RecordItem(props: { row: RecordRow }) {
  const { t } = useTranslation();
  const { row } = props;
  const { trade } = row;
  const locale = useFigureLocale();
  return (
    <li
      className="card wallet-item"
      data-testid="record-row"
      data-type={row.type}
      data-label={row.label}
    >
      <div className="wallet-item__top">
        <span className="wallet-item__title" data-testid="record-title">
          {trade
            ? t(`wallet.records.${trade.side}`, { pair: trade.pair })
            : t(`wallet.records.labels.${row.label}`)}
        </span>
        <span className="record-amounts">
          {row.amounts.map((amount) => (
            <Figure key={amount.asset} className={amount.up ? 'price--up' : 'price--down'}>
              {withUnit(amount.shown, amount.asset, locale)}
            </Figure>
          ))}
        </span>
      </div>
      {trade && (
        <p className="wallet-item__note" data-testid="record-trade">
          {t('wallet.records.fill', {
            quantity: withUnit(trade.quantityShown, trade.base, locale),
            price: trade.priceShown,
            fee: withUnit(trade.feeShown, trade.feeAsset, locale),
          })}
        </p>
      )}
      <dl className="wallet-facts">
        <div>
          <dt>{t('wallet.records.account')}</dt>
          <dd>
            {row.toWallet
              ? t('wallet.records.between', {
                  from: t(`wallet.accounts.${row.wallet}`),
                  to: t(`wallet.accounts.${row.toWallet}`),
                })
              : t(`wallet.accounts.${row.wallet}`)}
          </dd>
        </div>
        <Fact label={t('wallet.time')} value={row.time} />
      </dl>
      <details className="record-details">
        <summary>{t('wallet.records.details')}</summary>
        <dl className="wallet-facts">
          <div>
            <dt>{t('wallet.records.reference')}</dt>
            <dd dir="ltr" className="record-details__reference" data-testid="record-reference">
              {row.reference}
            </dd>
          </div>
        </dl>
      </details>
    </li>
  );
}
