// The signed-in home page's first card: what all the user's wallets are worth and today's PnL
// since 00:00 UTC (docs/wallet.md § "Today's PnL"), with the way to the asset center. Loaded in a
// chunk of its own: a visitor's first screen does not carry it.
import { useNavigate } from '@tanstack/react-router';
import { dash } from '../../core/figures.ts';
import { useWorker } from '../app/services.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { FigureWithUnit } from '../ui/Figures.tsx';
import { useLoad } from '../ui/use-load.ts';
import './account-summary.css';

const trendClass = { up: 'price--up', down: 'price--down', flat: '' } as const;

export function AccountSummary() {
  const { t } = useTranslation();
  const core = useWorker();
  const navigate = useNavigate();
  const { data } = useLoad(['walletToday'], () => core.walletToday());
  return (
    <section className="card account-summary" data-testid="account-summary">
      <button
        type="button"
        className="account-summary__total"
        onClick={() => void navigate({ to: routes.assets.path })}
      >
        <span className="account-summary__label">{t('home.summary.total')}</span>
        <FigureWithUnit figure={data?.total ?? dash} unit="USDT" testId="home-total" />
      </button>
      <p className="account-summary__today">
        <span className="account-summary__label">{t('home.summary.today')}</span>{' '}
        <span className={data ? trendClass[data.trend] : ''} data-testid="home-pnl">
          {data ? `${data.pnl} (${data.pnlPercent})` : dash}
        </span>
      </p>
    </section>
  );
}
