// Beside the form: the order book and trades of the index market, the spot market of the same
// pair. The perpetual's own book is not published yet, so it is labelled for what it is: a guide
// to where the price is, not the book a contract order trades on.
import { useTranslation } from 'react-i18next';
import { MarketActivity } from '../market/MarketActivity.tsx';
import { displaySymbol } from '../market/market-symbol.ts';

export function IndexMarketBook(props: { symbol: string }) {
  const { t } = useTranslation();
  return (
    <section className="contract-index-book" aria-labelledby="contract-index-book-title">
      <h2
        id="contract-index-book-title"
        className="contract-index-book__title"
        data-testid="index-book-label"
      >
        {t('contract.indexBook', { pair: displaySymbol(props.symbol) })}
      </h2>
      <MarketActivity symbol={props.symbol} />
    </section>
  );
}
