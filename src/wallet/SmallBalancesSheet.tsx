// The asset center's "convert small balances to USDT" sheet (docs/wallet.md § "Small balances"):
// each small balance with what it sells, what it gives in USDT and the fee, the total, then
// Confirm. The worker prices and formats; the balances behind the page follow the private
// channel once the sales settle. Loaded only when the button is tapped, so the page stays light.
import { useEffect, useState } from 'react';
import { quoteAsset, withUnit } from '../../core/figures.ts';
import type { Outcome, SmallBalancesView } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { BottomSheet } from '../ui/BottomSheet.tsx';
import { Fact } from '../ui/Fact.tsx';
import { unannounced } from '../ui/failure-toast.ts';
import { useFigureLocale } from '../ui/figure-locale.ts';

export function SmallBalancesSheet(props: { onClose(): void }) {
  const { t } = useTranslation();
  const core = useWorker();
  const toast = useNotify();
  const locale = useFigureLocale();
  const [preview, setPreview] = useState<Outcome<SmallBalancesView> | null | 'loading'>('loading');
  const [sending, setSending] = useState(false);

  const load = () => {
    setPreview('loading');
    core.smallBalances().then(setPreview, () => setPreview(null));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the preview is asked for once, on open.
  useEffect(load, []);

  const confirm = async () => {
    setSending(true);
    const outcome = await core.convertSmallBalances().catch(() => null);
    setSending(false);
    if (outcome?.ok) {
      toast(
        t('smallBalances.done', { amount: withUnit(outcome.data.totalShown, quoteAsset, locale) }),
        'success',
      );
      props.onClose();
    } else if (unannounced(outcome)) {
      toast(t('wallet.unanswered'), 'error');
    }
  };

  const view = preview !== 'loading' && preview?.ok ? preview.data : null;
  return (
    <BottomSheet title={t('smallBalances.title')} onClose={props.onClose} testId="small-balances">
      {preview === 'loading' && <p className="note">{t('smallBalances.loading')}</p>}
      {preview !== 'loading' && !preview?.ok && (
        <>
          <p className="note" role="alert">
            {t('smallBalances.failed')}
          </p>
          <button type="button" className="button button--ghost button--block" onClick={load}>
            {t('smallBalances.retry')}
          </button>
        </>
      )}
      {view && view.rows.length === 0 && (
        <p className="note" data-testid="small-balances-none">
          {t('smallBalances.none')}
        </p>
      )}
      {view && view.rows.length > 0 && (
        <>
          <p className="note">{t('smallBalances.intro', { threshold: view.thresholdShown })}</p>
          {view.rows.map((row) => (
            <section key={row.asset} className="card" data-testid={`small-balance-${row.asset}`}>
              <h3 className="section-title">{row.asset}</h3>
              <dl className="facts">
                <Fact label={t('smallBalances.sell')} value={row.soldShown} unit={row.asset} />
                <Fact
                  label={t('smallBalances.receive')}
                  value={row.receiveShown}
                  unit={quoteAsset}
                />
                <Fact label={t('smallBalances.fee')} value={row.feeShown} unit={quoteAsset} />
              </dl>
              {row.leftShown && (
                <p className="note">
                  {t('smallBalances.stays', { amount: row.leftShown, asset: row.asset })}
                </p>
              )}
            </section>
          ))}
          <dl className="facts">
            <Fact
              label={t('smallBalances.total')}
              value={view.totalShown}
              unit={quoteAsset}
              testId="small-balances-total"
            />
          </dl>
          <button
            type="button"
            className="button button--block"
            data-testid="small-balances-confirm"
            disabled={sending}
            onClick={() => void confirm()}
          >
            {sending ? t('wallet.sending') : t('smallBalances.confirm')}
          </button>
        </>
      )}
    </BottomSheet>
  );
}
