// The withdraw form for one asset on one chain: address (typed or from the address book), amount
// with "max", what it costs and what arrives, and the trade password. Its checks mirror the
// server's; the server's answer decides, and a refusal of one field shows under that field.
import { useState } from 'react';
import { dash, formatAtScale, withUnit } from '../../core/figures.ts';
import type { ChainView, WithdrawalRow } from '../../workers/facade.ts';
import { useApp } from '../app/app-context.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import { maxWithdrawable, withdrawalCost } from '../ui/amount-checks.ts';
import { FigureWithUnit } from '../ui/Figures.tsx';
import { unannounced } from '../ui/failure-toast.ts';
import { useFigureLocale } from '../ui/figure-locale.ts';
import { TextField } from '../ui/TextField.tsx';
import { useFieldRefusals } from '../ui/use-field-refusals.ts';
import { useTypedFigure } from '../ui/use-typed-figure.ts';
import { AddressBookPicker } from './AddressBookPicker.tsx';
import { TradePasswordMissing } from './TradePasswordMissing.tsx';
import { type WithdrawDraft, type WithdrawProblems, withdrawProblems } from './withdraw-checks.ts';

const emptyDraft: WithdrawDraft = { address: '', amount: '', tradePassword: '' };

/** The request field each of the form's fields fills. */
const wireFields = {
  address: 'address',
  amount: 'amount',
  tradePassword: 'trade_password',
} as const;

export function WithdrawForm(props: {
  asset: string;
  chain: ChainView;
  /** The funding account's available amount (exact, and as shown); null while unknown. */
  available: { exact: string; shown: string } | null;
  /** Whether the account has a trade password; null while unknown (the server decides). */
  tradePasswordSet: boolean | null;
  onDone(row: WithdrawalRow): void;
}) {
  const { t } = useTranslation();
  const { core, toast } = useApp();
  const { asset, chain, available } = props;
  const [draft, setDraft] = useState(emptyDraft);
  const [problems, setProblems] = useState<WithdrawProblems>({});
  const [submitting, setSubmitting] = useState(false);
  const [bookOpen, setBookOpen] = useState(false);
  const refusals = useFieldRefusals(Object.values(wireFields));
  const limits = { available: available?.exact ?? null, fee: chain.fee, minimum: chain.minimum };
  const noTradePassword = props.tradePasswordSet === false;
  const locale = useFigureLocale();

  const change = (field: keyof WithdrawDraft, value: string) => {
    setDraft((shown) => ({ ...shown, [field]: value }));
    setProblems((shown) => ({ ...shown, [field]: undefined }));
    refusals.clear(wireFields[field]);
  };

  const problemText = (field: keyof WithdrawDraft): string | null => {
    const found = problems[field];
    if (found === undefined) return refusals.refusalOf(wireFields[field]);
    if (field === 'address') return t('wallet.problems.addressRequired');
    if (field === 'tradePassword') return t(`wallet.problems.tradePassword.${found}`);
    return t(`wallet.problems.amount.${found}`, {
      minimum: withUnit(chain.minimumShown, asset, locale),
    });
  };

  const submit = async () => {
    if (noTradePassword) return;
    const found = withdrawProblems(draft, limits);
    setProblems(found);
    refusals.clear();
    if (Object.keys(found).length > 0) return;
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
    } else if (!refusals.take(outcome) && unannounced(outcome)) {
      // The form stays as it was: tapping again retries the same request, under the same key.
      toast(t('wallet.unanswered'), 'error');
    }
  };

  const cost = withdrawalCost(draft.amount, chain.fee);
  const typedAmount = useTypedFigure(draft.amount, (value) => change('amount', value));
  return (
    <form
      className="wallet-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!submitting) void submit();
      }}
    >
      <TextField
        id="withdraw-address"
        name="address"
        label={t('wallet.withdraw.address')}
        ltr
        placeholder={t('wallet.withdraw.addressPlaceholder')}
        value={draft.address}
        problem={problemText('address')}
        onChange={(value) => change('address', value)}
        labelAction={
          <button
            type="button"
            className="text-button"
            aria-expanded={bookOpen}
            onClick={() => setBookOpen(!bookOpen)}
          >
            {t('wallet.withdraw.fromBook')}
          </button>
        }
      >
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
      </TextField>

      <TextField
        id="withdraw-amount"
        name="amount"
        label={t('wallet.withdraw.amount')}
        inputMode="decimal"
        ltr
        figure
        placeholder={t('wallet.withdraw.minimumHint', { minimum: chain.minimumShown })}
        value={typedAmount.text}
        problem={problemText('amount')}
        onChange={typedAmount.type}
        hint={
          <>
            {t('wallet.available')}:{' '}
            <FigureWithUnit figure={available?.shown ?? dash} unit={asset} />
          </>
        }
        beside={
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
        }
      />

      <dl className="wallet-facts">
        <div>
          <dt>{t('wallet.withdraw.fee')}</dt>
          <dd>
            <FigureWithUnit figure={chain.feeShown} unit={asset} />
          </dd>
        </div>
        <div>
          {/* Echoes of the typed amount keep every decimal typed, in the language's notation. */}
          <dt>{t('wallet.withdraw.received')}</dt>
          <dd>
            <FigureWithUnit
              figure={cost === null ? dash : formatAtScale(draft.amount, undefined, locale)}
              unit={asset}
            />
          </dd>
        </div>
        <div>
          <dt>{t('wallet.withdraw.deducted')}</dt>
          <dd>
            <FigureWithUnit figure={formatAtScale(cost, undefined, locale)} unit={asset} />
          </dd>
        </div>
        <div>
          <dt>{t('wallet.withdraw.minimum')}</dt>
          <dd>
            <FigureWithUnit figure={chain.minimumShown} unit={asset} />
          </dd>
        </div>
        <div>
          <dt>{t('wallet.withdraw.arrival')}</dt>
          <dd>{t('wallet.withdraw.arrivalText', { count: chain.confirmations })}</dd>
        </div>
      </dl>

      {noTradePassword ? (
        <TradePasswordMissing />
      ) : (
        <TextField
          id="withdraw-trade-password"
          name="trade_password"
          label={t('wallet.withdraw.tradePassword')}
          type="password"
          inputMode="numeric"
          ltr
          figure
          maxLength={6}
          placeholder={t('wallet.withdraw.tradePasswordHint')}
          value={draft.tradePassword}
          problem={problemText('tradePassword')}
          onChange={(value) => change('tradePassword', value.replace(/\D/g, ''))}
        />
      )}

      <button
        type="submit"
        className="button button--block"
        data-testid="withdraw-submit"
        disabled={submitting || noTradePassword}
      >
        {submitting ? t('wallet.sending') : t('wallet.withdraw.submit')}
      </button>
    </form>
  );
}
