// The withdraw form for one asset on one chain: address (typed or from the address book), amount
// with "max", what it costs and what arrives, and the trade password. Its checks mirror the
// server's; the server's answer decides.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChainView, WithdrawalRow } from '../../workers/facade.ts';
import { useApp } from '../app/app-context.tsx';
import { maxWithdrawable, typedAmount, withdrawalCost } from '../ui/amount-checks.ts';
import { Figure } from '../ui/Figures.tsx';
import { unannounced } from '../ui/failure-toast.ts';
import { AddressBookPicker } from './AddressBookPicker.tsx';
import { type WithdrawDraft, type WithdrawProblem, withdrawProblem } from './withdraw-checks.ts';

const emptyDraft: WithdrawDraft = { address: '', amount: '', tradePassword: '' };

export function WithdrawForm(props: {
  asset: string;
  chain: ChainView;
  /** The funding account's available amount (exact, and as shown); null while unknown. */
  available: { exact: string; shown: string } | null;
  onDone(row: WithdrawalRow): void;
}) {
  const { t } = useTranslation();
  const { core, toast } = useApp();
  const { asset, chain, available } = props;
  const [draft, setDraft] = useState(emptyDraft);
  const [problem, setProblem] = useState<WithdrawProblem | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [bookOpen, setBookOpen] = useState(false);
  const limits = { available: available?.exact ?? null, fee: chain.fee, minimum: chain.minimum };

  const change = (field: keyof WithdrawDraft, value: string) => {
    setDraft((shown) => ({ ...shown, [field]: value }));
    if (problem?.field === field) setProblem(null);
  };

  const problemText = (found: WithdrawProblem) => {
    if (found.field === 'address') return t('wallet.problems.addressRequired');
    if (found.field === 'tradePassword') return t(`wallet.problems.tradePassword.${found.problem}`);
    return t(`wallet.problems.amount.${found.problem}`, { minimum: chain.minimumShown, asset });
  };

  const submit = async () => {
    const found = withdrawProblem(draft, limits);
    setProblem(found);
    if (found) return;
    setSubmitting(true);
    const outcome = await core
      .withdraw({
        asset,
        chain: chain.chain,
        address: draft.address,
        amount: draft.amount,
        trade_password: draft.tradePassword,
      })
      .catch(() => null);
    setSubmitting(false);
    if (outcome?.ok) {
      toast(t('wallet.withdraw.requested'), 'success');
      setDraft((shown) => ({ ...shown, amount: '', tradePassword: '' }));
      props.onDone(outcome.data);
    } else if (unannounced(outcome)) {
      // The form stays as it was: tapping again retries the same request, under the same key.
      toast(t('wallet.unanswered'), 'error');
    }
  };

  const problemOf = (field: WithdrawProblem['field']) =>
    problem?.field === field ? (
      <span className="field__problem" role="alert">
        {problemText(problem)}
      </span>
    ) : null;

  const cost = withdrawalCost(draft.amount, chain.fee);
  return (
    <form
      className="wallet-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!submitting) void submit();
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor="withdraw-address">
          {t('wallet.withdraw.address')}
        </label>
        <div className="field-row">
          <input
            id="withdraw-address"
            className="field__input field__input--grow"
            name="address"
            dir="ltr"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            placeholder={t('wallet.withdraw.addressPlaceholder')}
            value={draft.address}
            aria-invalid={problem?.field === 'address'}
            onChange={(event) => change('address', event.target.value)}
          />
          <button
            type="button"
            className="button button--ghost"
            aria-expanded={bookOpen}
            onClick={() => setBookOpen(!bookOpen)}
          >
            {t('wallet.withdraw.fromBook')}
          </button>
        </div>
        {problemOf('address')}
        {bookOpen && (
          <AddressBookPicker
            asset={asset}
            chain={chain.chain}
            onPick={(address) => {
              change('address', address);
              setBookOpen(false);
            }}
          />
        )}
      </div>

      <div className="field">
        <label className="field__label" htmlFor="withdraw-amount">
          {t('wallet.withdraw.amount')}
        </label>
        <div className="field-row">
          <input
            id="withdraw-amount"
            className="field__input field__input--grow figure"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            placeholder={t('wallet.withdraw.minimumHint', { minimum: chain.minimumShown })}
            value={draft.amount}
            aria-invalid={problem?.field === 'amount'}
            onChange={(event) => change('amount', typedAmount(event.target.value))}
          />
          <button
            type="button"
            className="button button--ghost"
            disabled={available === null}
            onClick={() => {
              if (available) change('amount', maxWithdrawable(available.exact, chain.fee));
            }}
          >
            {t('wallet.max')}
          </button>
        </div>
        <span className="field__hint">
          {t('wallet.available')}: <Figure>{available?.shown ?? '--'}</Figure> {asset}
        </span>
        {problemOf('amount')}
      </div>

      <dl className="wallet-facts">
        <div>
          <dt>{t('wallet.withdraw.fee')}</dt>
          <dd>
            <Figure>{chain.feeShown}</Figure> {asset}
          </dd>
        </div>
        <div>
          {/* Echoes of the typed amount stay in its own notation, exact as typed. */}
          <dt>{t('wallet.withdraw.received')}</dt>
          <dd>
            <Figure>{cost === null ? '--' : draft.amount}</Figure> {asset}
          </dd>
        </div>
        <div>
          <dt>{t('wallet.withdraw.deducted')}</dt>
          <dd>
            <Figure>{cost ?? '--'}</Figure> {asset}
          </dd>
        </div>
        <div>
          <dt>{t('wallet.withdraw.minimum')}</dt>
          <dd>
            <Figure>{chain.minimumShown}</Figure> {asset}
          </dd>
        </div>
        <div>
          <dt>{t('wallet.withdraw.arrival')}</dt>
          <dd>{t('wallet.withdraw.arrivalText', { n: chain.confirmations })}</dd>
        </div>
      </dl>

      <div className="field">
        <label className="field__label" htmlFor="withdraw-trade-password">
          {t('wallet.withdraw.tradePassword')}
        </label>
        <input
          id="withdraw-trade-password"
          className="field__input figure"
          name="trade_password"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          placeholder={t('wallet.withdraw.tradePasswordHint')}
          value={draft.tradePassword}
          aria-invalid={problem?.field === 'tradePassword'}
          onChange={(event) => change('tradePassword', event.target.value.replace(/\D/g, ''))}
        />
        {problemOf('tradePassword')}
      </div>

      <button
        type="submit"
        className="button button--block"
        data-testid="withdraw-submit"
        disabled={submitting}
      >
        {submitting ? t('wallet.sending') : t('wallet.withdraw.submit')}
      </button>
    </form>
  );
}
