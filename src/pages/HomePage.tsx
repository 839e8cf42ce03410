// Home: the brand, whether prices are live, and the markets the worker has seen.
import { useTranslation } from 'react-i18next';
import { useScreenView } from '../app/use-screen-view.ts';
import { EmptyState } from '../shell/EmptyState.tsx';

/** `BTCUSDT` on the wire is `BTC/USDT` on screen. */
function displaySymbol(symbol: string): string {
  return symbol.endsWith('USDT') ? `${symbol.slice(0, -4)}/USDT` : symbol;
}

export function HomePage() {
  const { t } = useTranslation();
  const view = useScreenView();
  const markets = Object.entries(view?.prices ?? {});
  return (
    <div className="home">
      <section className="hero">
        <img className="hero__logo" src="/logo.svg" alt="" width={56} height={56} />
        <p className="hero__brand">Meridian</p>
        <p className="hero__tagline">{t('brand.tagline')}</p>
      </section>
      <section className="card">
        <header className="card__header">
          <h2 className="card__title">{t('home.markets')}</h2>
          <span className={view?.connection.open ? 'badge badge--live' : 'badge'}>
            {view?.connection.open ? t('home.online') : t('home.offline')}
          </span>
        </header>
        {markets.length === 0 ? (
          <EmptyState text={t('empty.noMarkets')} />
        ) : (
          <table className="market-table">
            <thead>
              <tr>
                <th>{t('home.symbol')}</th>
                <th>{t('home.last')}</th>
              </tr>
            </thead>
            <tbody>
              {markets.map(([symbol, price]) => (
                <tr key={symbol}>
                  <td>{displaySymbol(symbol)}</td>
                  <td className="number">{price.last}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
