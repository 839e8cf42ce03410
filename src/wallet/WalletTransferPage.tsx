// Transfer (`/pages/assets/transfer`): move an asset between the user's own accounts at once, a
// quantity or all of it; the balances are loaded again after it.
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { dash, withUnit } from '../../core/figures.ts';
import type { WalletName } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useNotify } from '../app/toasts.ts';
import { useView } from '../app/use-view.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { type AmountProblem, checkTransferAmount } from '../ui/amount-checks.ts';
import { ChoiceChips } from '../ui/ChoiceChips.tsx';
import { FigureWithUnit } from '../ui/Figures.tsx';
import { unannounced } from '../ui/failure-toast.ts';
import { useFigureLocale } from '../ui/figure-locale.ts';
import { WalletFailed, WalletLoading } from '../ui/LoadStates.tsx';
import { useLoad } from '../ui/use-load.ts';
import { useTypedFigure } from '../ui/use-typed-figure.ts';
import { availableIn } from './available-in.ts';
import { useAssetChoice } from './use-asset-choice.ts';
import { WalletSwitch } from './WalletSwitch.tsx';

export function WalletTransferPage() {
  const { t } = useTranslation();
  const core = useWorker();
  const toast = useNotify();
  const choice = useAssetChoice('any', useSearch({ from: routes.transfer.path }));
  const balances = useLoad(['walletBalances'], () => core.walletBalances());
  const [accounts, setAccounts] = useState<{ from: WalletName; to: WalletName }>({
    from: 'funding',
    to: 'contract',
  });
  const [amount, setAmount] = useState('');
  const [all, setAll] = useState(false);
  const [problem, setProblem] = useState<AmountProblem | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const { load, assets } = choice;
  const asset = choice.asset?.asset;
  const locale = useFigureLocale();
  // What the channel pushed since the answer counts: a deposit or a trade meanwhile.
  const shown = useView('liveBalances') ?? balances.data;
  const available = asset ? availableIn(shown, accounts.from, asset) : null;
  // "All" shows what is available, exactly, in the field; typing takes the field back.
  const typed = useTypedFigure(all ? (available?.exact ?? '') : amount, (value) => {
    setAll(false);
    setAmount(value);
    setProblem(null);
  });

  if (load.data === null) {
    return load.failed ? <WalletFailed onRetry={() => void load.reload()} /> : <WalletLoading />;
  }

  const submit = async () => {
    if (!asset) return;
    const sent = all ? 'all' : amount;
    const found = checkTransferAmount(sent, available?.exact ?? null);
    setProblem(found);
    if (found) return;
    setSubmitting(true);
    const outcome = await core.transfer({ ...accounts, asset, amount: sent }).catch(() => null);
    setSubmitting(false);
    if (outcome?.ok) {
      toast(
        t('wallet.transfer.done', { amount: withUnit(outcome.data.amountShown, asset, locale) }),
        'success',
      );
      setAmount('');
      setAll(false);
      void balances.reload();
    } else if (unannounced(outcome)) {
      toast(t('wallet.unanswered'), 'error');
    }
  };

  return (
    <form
      className="wallet-page card wallet-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!submitting) void submit();
      }}
    >
      <WalletSwitch
        from={accounts.from}
        to={accounts.to}
        onChange={(next) => {
          setAccounts(next);
          setAll(false);
          setProblem(null);
        }}
      />
      <ChoiceChips
        label={t('wallet.asset')}
        choices={assets.map((entry) => ({ value: entry.asset, label: entry.asset }))}
        value={asset}
        onChange={(next) => {
          choice.chooseAsset(next);
          setAll(false);
          setProblem(null);
        }}
        name="asset-choice"
      />
      <div className="field">
        <label className="field__label" htmlFor="transfer-amount">
          {t('wallet.transfer.amount')}
        </label>
        <div className="field-row">
          <input
            id="transfer-amount"
            className="field__input field__input--grow figure"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            data-testid="transfer-amount"
            value={typed.text}
            aria-invalid={problem !== null}
            onChange={(event) => typed.type(event.target.value)}
          />
          <button
            type="button"
            className="button button--ghost"
            aria-pressed={all}
            data-testid="transfer-all"
            onClick={() => {
              setAll(true);
              setProblem(null);
            }}
          >
            {t('wallet.all')}
          </button>
        </div>
        <span className="field__hint">
          {t('wallet.available')}:{' '}
          <FigureWithUnit
            figure={available?.shown ?? dash}
            unit={asset ?? ''}
            testId="transfer-available"
          />
        </span>
        {problem && (
          <span className="field__problem" role="alert">
            {t(`wallet.problems.amount.${problem}`, { minimum: '' })}
          </span>
        )}
      </div>
      <button
        type="submit"
        className="button button--block"
        data-testid="transfer-submit"
        disabled={submitting || !asset}
      >
        {submitting ? t('wallet.sending') : t('wallet.transfer.submit')}
      </button>
    </form>
  );
}
