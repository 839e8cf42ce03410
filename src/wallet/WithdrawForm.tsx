// The withdraw form for one asset on one chain: address (typed or from the address book), amount
// with "max", what it costs and what arrives, the trade password, the code sent to the user's
// email, and, with an authenticator or a passkey bound, its code or a passkey's signature. Its
// checks mirror the server's; the server's answer decides, and a refusal shows under the field it
// is about, or under the form (a security hold, an address on hold, whitelist mode) with its
// reason and until when.
import { useState } from 'react';
import { dash, withUnit } from '../../core/figures.ts';
import type {
  ChainView,
  Outcome,
  WithdrawalRow,
  WithdrawSafeguards,
  WithdrawSecondFactor,
} from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { ceremonyMessageKey, signWithPasskey } from '../security/passkey-ceremony.ts';
import { maxWithdrawable, withdrawalCost } from '../ui/amount-checks.ts';
import { FigureWithUnit } from '../ui/Figures.tsx';
import { refusalText, unannounced } from '../ui/failure-toast.ts';
import { useFigureLocale } from '../ui/figure-locale.ts';
import { RefusedNotice } from '../ui/SendNotice.tsx';
import { TextField } from '../ui/TextField.tsx';
import { useFieldRefusals } from '../ui/use-field-refusals.ts';
import { useTypedFigure } from '../ui/use-typed-figure.ts';
import { AddressBookPicker } from './AddressBookPicker.tsx';
import { EmailCodeField } from './EmailCodeField.tsx';
import { TradePasswordMissing } from './TradePasswordMissing.tsx';
import { WithdrawConfirmNotes } from './WithdrawConfirmNotes.tsx';
import {
  type SecondFactor,
  type WithdrawDraft,
  type WithdrawProblems,
  withdrawProblems,
} from './withdraw-checks.ts';
import { withdrawFigure } from './withdraw-figures.ts';

const emptyDraft: WithdrawDraft = {
  address: '',
  amount: '',
  tradePassword: '',
  emailCode: '',
  totpCode: '',
};

/** The request field each of the form's fields fills. */
const wireFields = {
  address: 'address',
  amount: 'amount',
  tradePassword: 'trade_password',
  emailCode: 'email_code',
  totpCode: 'totp_code',
} as const;

/**
 * What the main button confirms with: the authenticator's code when one is bound, else a passkey
 * when the user has one (a passkey may confirm in the authenticator's place, from a button of its
 * own), else the trade password and the email code alone. Unknown safeguards ask for neither: the
 * server says what is missing.
 */
function mainFactor(safeguards: WithdrawSafeguards | null): SecondFactor {
  if (safeguards?.authenticator) return 'totp';
  return safeguards && safeguards.passkeys > 0 ? 'passkey' : 'none';
}

export function WithdrawForm(props: {
  asset: string;
  chain: ChainView;
  /** The funding account's available amount (exact, and as shown); null while unknown. */
  available: { exact: string; shown: string } | null;
  /** Whether the account has a trade password; null while unknown (the server decides). */
  tradePasswordSet: boolean | null;
  /** What confirms a withdrawal for this user; null while unknown. */
  safeguards: WithdrawSafeguards | null;
  /** The server asked for a second factor the safeguards did not name. */
  onSafeguardsStale(): void;
  onDone(row: WithdrawalRow): void;
}) {
  const { t } = useTranslation();
  const core = useWorker();
  const toast = useNotify();
  const { asset, chain, available } = props;
  const [draft, setDraft] = useState(emptyDraft);
  const [problems, setProblems] = useState<WithdrawProblems>({});
  const [submitting, setSubmitting] = useState(false);
  const [bookOpen, setBookOpen] = useState(false);
  /** A refusal about no field the form shows, or a passkey prompt that gave no answer. */
  const [notice, setNotice] = useState<string | null>(null);
  const main = mainFactor(props.safeguards);
  // Only the fields shown are claimed: a refusal of the authenticator's code without its field
  // (an authenticator bound since the page opened) is said under the form.
  const refusals = useFieldRefusals(
    Object.values(wireFields).filter((field) => main === 'totp' || field !== 'totp_code'),
  );
  const passkeyToo = main === 'totp' && (props.safeguards?.passkeys ?? 0) > 0;
  const limits = { available: available?.exact ?? null, fee: chain.fee, minimum: chain.minimum };
  const noTradePassword = props.tradePasswordSet === false;
  const locale = useFigureLocale();

  const change = (field: keyof WithdrawDraft, value: string) => {
    setDraft((shown) => ({ ...shown, [field]: value }));
    setProblems((shown) => ({ ...shown, [field]: undefined }));
    refusals.clear(wireFields[field]);
  };

  /** The server's refusal under its field, else under the form; no answer at all is toasted. */
  const tell = (outcome: Outcome<unknown> | null) => {
    if (!outcome?.ok && outcome?.failure.kind === 'business' && main === 'none') {
      // A second factor was asked for that the page did not know of: ask what confirms again.
      if (outcome.failure.field === 'totp_code') props.onSafeguardsStale();
    }
    if (refusals.take(outcome)) return;
    const text = refusalText(outcome);
    if (text) setNotice(text);
    else if (unannounced(outcome)) toast(t('wallet.unanswered'), 'error');
  };

  /** A passkey's signature over a withdrawal challenge, or null when there is none (said why). */
  const passkeySignature = async (): Promise<WithdrawSecondFactor | null> => {
    const options = await core.passkeyWithdrawOptions().catch(() => null);
    if (!options?.ok) {
      tell(options);
      return null;
    }
    const signed = await signWithPasskey(options.data);
    if (!signed.ok) {
      setNotice(t(ceremonyMessageKey(signed.reason)));
      return null;
    }
    return { kind: 'passkey', challengeId: options.data.challengeId, response: signed.response };
  };

  const problemText = (field: keyof WithdrawDraft): string | null => {
    const found = problems[field];
    if (found === undefined) return refusals.refusalOf(wireFields[field]);
    if (field === 'address') return t('wallet.problems.addressRequired');
    if (field === 'tradePassword') return t(`wallet.problems.tradePassword.${found}`);
    if (field === 'emailCode') return t(`wallet.problems.emailCode.${found}`);
    if (field === 'totpCode') return t(`wallet.problems.totpCode.${found}`);
    return t(`wallet.problems.amount.${found}`, {
      minimum: withUnit(chain.minimumShown, asset, locale),
    });
  };

  const submit = async (factor: SecondFactor) => {
    if (noTradePassword) return;
    const found = withdrawProblems(draft, limits, factor);
    setProblems(found);
    refusals.clear();
    setNotice(null);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      const second: WithdrawSecondFactor | null | undefined =
        factor === 'totp'
          ? { kind: 'totp', code: draft.totpCode }
          : factor === 'passkey'
            ? await passkeySignature()
            : undefined;
      if (second === null) return;
      const outcome = await core
        .withdraw({
          asset,
          chain: chain.chain,
          address: draft.address,
          amount: draft.amount,
          trade_password: draft.tradePassword,
          email_code: draft.emailCode,
          ...(second ? { second } : {}),
        })
        .catch(() => null);
      if (outcome?.ok) {
        toast(t('wallet.withdraw.requested'), 'success');
        setDraft((shown) => ({
          ...shown,
          amount: '',
          tradePassword: '',
          emailCode: '',
          totpCode: '',
        }));
        props.onDone(outcome.data);
      } else {
        // The form stays as it was: tapping again retries the same request, under the same key.
        tell(outcome);
      }
    } finally {
      setSubmitting(false);
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
        if (!submitting) void submit(main);
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
            <FigureWithUnit figure={chain.feeShown} unit={asset} testId="withdraw-fee" />
          </dd>
        </div>
        <div>
          {/* Echoes of the typed amount keep every decimal typed, at least the asset's own. */}
          <dt>{t('wallet.withdraw.received')}</dt>
          <dd>
            <FigureWithUnit
              figure={
                cost === null ? dash : withdrawFigure(draft.amount, chain.amountDecimals, locale)
              }
              unit={asset}
              testId="withdraw-received"
            />
          </dd>
        </div>
        <div>
          <dt>{t('wallet.withdraw.deducted')}</dt>
          <dd>
            <FigureWithUnit
              figure={withdrawFigure(cost, chain.amountDecimals, locale)}
              unit={asset}
              testId="withdraw-deducted"
            />
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

      <EmailCodeField
        value={draft.emailCode}
        problem={problemText('emailCode')}
        onChange={(value) => change('emailCode', value)}
      />

      {main === 'totp' && (
        <TextField
          id="withdraw-totp-code"
          name="totp_code"
          label={t('wallet.withdraw.totpCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          ltr
          figure
          maxLength={6}
          value={draft.totpCode}
          problem={problemText('totpCode')}
          onChange={(value) => change('totpCode', value.replace(/\D/g, ''))}
        />
      )}

      <WithdrawConfirmNotes safeguards={props.safeguards} factor={main} />

      <button
        type="submit"
        className="button button--block"
        data-testid="withdraw-submit"
        disabled={submitting || noTradePassword}
      >
        {submitting
          ? t('wallet.sending')
          : t(main === 'passkey' ? 'wallet.withdraw.submitPasskey' : 'wallet.withdraw.submit')}
      </button>
      {passkeyToo && (
        <button
          type="button"
          className="button button--ghost button--block"
          data-testid="withdraw-passkey"
          disabled={submitting || noTradePassword}
          onClick={() => void submit('passkey')}
        >
          {t('wallet.withdraw.usePasskey')}
        </button>
      )}
      {notice && <RefusedNotice text={notice} testId="withdraw-problem" />}
    </form>
  );
}
