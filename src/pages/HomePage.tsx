// Home: the brand, whether prices are live, and the markets the worker has seen.
import { useTranslation } from 'react-i18next';
import { useView } from '../app/use-view.ts';
import { EmptyState } from '../shell/EmptyState.tsx';

/** `BTCUSDT` on the wire is `BTC/USDT` on screen. */
function displaySymbol(symbol: string): string {
  return symbol.endsWith('USDT') ? `${symbol.slice(0, -4)}/USDT` : symbol;
}

export function HomePage() {
  const { t } = useTranslation();
  const market = useView('market');
  const connection = useView('connection');
  const rows = market?.rows ?? [];
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
          <span className={connection?.open ? 'badge badge--live' : 'badge'}>
            {connection?.open ? t('home.online') : t('home.offline')}
          </span>
        </header>
        {rows.length === 0 ? (
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
              {rows.map(([symbol, last]) => (
                <tr key={symbol}>
                  <td>{displaySymbol(symbol)}</td>
                  <td className="number">{last}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
