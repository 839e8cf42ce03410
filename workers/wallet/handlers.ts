// The wallet domain in the worker: each page's request and the server's answer are logged (so a
// capture replays the screens), money-moving calls carry one idempotency key per intent (never the
// trade password), and amounts reach the UI formatted.
import { formatAmount, type Precisions } from '../../core/figures.ts';
import type { Withdrawal } from '../../core/projections/wallet.ts';
import { securityOverview } from '../../schemas/api/account-security.schema.ts';
import { passkeyWithdrawOptions } from '../../schemas/api/passkey.schema.ts';
import { sendSecurityCode } from '../../schemas/api/security.schema.ts';
import {
  addressAdd,
  addressDelete,
  addresses,
  assets,
  balancesDataSchema,
  depositAddress,
  depositsDataSchema,
  records,
  transfer,
  withdraw,
  withdrawals,
  withdrawalsDataSchema,
  withdrawCancel,
} from '../../schemas/api/wallet.schema.ts';
import { type DomainContext, defineDomain } from '../kernel/context.ts';
import { canonicalAmount } from '../kernel/intents.ts';
import { mapOutcome, type Outcome, pageOf } from '../kernel/outcome.ts';
import { formatTimestamp } from '../kernel/time-format.ts';
import { loadRules } from '../spot/loaders.ts';
import { confirmOutcome } from './confirm-refusals.ts';
import { loadDeposits, walletPageSize } from './deposit-loader.ts';
import { withPushedBalances } from './live-balances.ts';
import { loadBalances } from './loaders.ts';
import {
  addressRow,
  assetView,
  balancesView,
  depositRow,
  recordRows,
  withdrawalRow,
} from './rows.ts';
import { createSmallBalanceHandlers } from './small-balances.ts';
import { loadToday } from './today.ts';
import type { WalletHandlers, WithdrawForm } from './types.ts';

/** What confirms a withdrawal besides the trade password, as the request carries it. */
function confirmation(form: WithdrawForm) {
  const { second } = form;
  return {
    trade_password: form.trade_password,
    email_code: form.email_code?.trim() ?? '',
    ...(second?.kind === 'totp' ? { totp_code: second.code.trim() } : {}),
    ...(second?.kind === 'passkey'
      ? { passkey: { challenge_id: second.challengeId, response: second.response } }
      : {}),
  };
}

export { walletPageSize };

export function createWalletHandlers(context: DomainContext): WalletHandlers {
  const { call, record, sendOnce } = context;
  const locale = () => context.locale();
  /**
   * The markets' precision: the spot rules tell every listed asset's, so a wallet page opened
   * first asks for them once; without an answer, amounts follow the rule for unknown assets.
   */
  const precisions = async (): Promise<Precisions> => {
    if (Object.keys(context.view().precisions.assets).length === 0) await loadRules(context);
    return context.view().precisions;
  };
  /** A withdrawal answered by withdraw or cancel: logged, then shaped for the page. */
  const withdrawal = async (outcome: Outcome<Withdrawal>) => {
    if (outcome.ok) record({ source: 'api', type: 'wallet-withdrawal', payload: outcome.data });
    const known = await precisions();
    return mapOutcome(outcome, (data) => withdrawalRow(data, known, locale()));
  };
  return {
    ...createSmallBalanceHandlers(context, precisions),
    async walletBalances() {
      const [outcome, known] = await Promise.all([loadBalances(context), precisions()]);
      // With what the channel pushed since: an answer read before a change may arrive after it.
      const pushed = context.view().balances;
      return mapOutcome(outcome, (data) =>
        balancesView(withPushedBalances(data, pushed), known, locale()),
      );
    },
    walletToday: () => loadToday(context, precisions),
    knownWalletBalances() {
      const { wallet, balances, precisions: known } = context.view();
      return wallet.balances && context.loggedIn()
        ? balancesView(withPushedBalances(wallet.balances, balances), known, locale())
        : null;
    },
    async walletAssets() {
      record({ source: 'intent', type: 'wallet-assets-requested', payload: null });
      const outcome = await call(assets, {});
      if (outcome.ok) record({ source: 'api', type: 'wallet-assets', payload: outcome.data });
      const known = await precisions();
      return mapOutcome(outcome, ({ list }) =>
        list.map((item) => assetView(item, known, locale())),
      );
    },
    async depositAddress(asset, chain) {
      record({
        source: 'intent',
        type: 'wallet-deposit-address-requested',
        payload: { asset, chain },
      });
      const outcome = await call(depositAddress, { asset, chain });
      if (outcome.ok) {
        record({ source: 'api', type: 'wallet-deposit-address', payload: outcome.data });
      }
      return outcome;
    },
    async deposits(page) {
      const outcome = await loadDeposits(context, page);
      const known = await precisions();
      return mapOutcome(outcome, (data) =>
        pageOf(data, (item) => depositRow(item, known, locale())),
      );
    },
    async withdraw(form) {
      const fields = {
        asset: form.asset.trim().toUpperCase(),
        chain: form.chain,
        address: form.address.trim(),
        amount: canonicalAmount(form.amount),
      };
      // The trade password, the codes and the passkey's signature go to the server only: they are
      // neither logged nor part of the intent. Every refusal is the form's to show, under the field
      // it is about or as the form's message, so none is toasted as well.
      const outcome = await sendOnce(
        ['withdraw', fields],
        (key) => record({ source: 'intent', type: 'wallet-withdraw', payload: { ...fields, key } }),
        (headers) =>
          call(withdraw, { ...fields, ...confirmation(form) }, headers, { toastRefusal: false }),
      );
      return withdrawal(confirmOutcome(outcome));
    },
    async withdrawSafeguards() {
      const outcome = await call(securityOverview, {});
      return mapOutcome(outcome, (overview) => ({
        authenticator: overview.protections.some(({ name, on }) => name === 'totp' && on),
        passkeys: overview.passkey_count,
        holdUntil:
          overview.withdraw_hold_until !== null &&
          Date.parse(overview.withdraw_hold_until) > Date.now()
            ? formatTimestamp(overview.withdraw_hold_until, locale(), 'dated')
            : null,
      }));
    },
    async sendWithdrawCode() {
      record({ source: 'intent', type: 'security-code-requested', payload: { to: 'email' } });
      const outcome = await call(sendSecurityCode, { type: 'email', purpose: 'withdraw' });
      return mapOutcome(outcome, ({ resend_in }) => ({ resend_in }));
    },
    async passkeyWithdrawOptions() {
      const outcome = await call(passkeyWithdrawOptions, {}, {}, { toastRefusal: false });
      return confirmOutcome(
        mapOutcome(outcome, (data) => ({ challengeId: data.challenge_id, options: data.options })),
      );
    },
    async cancelWithdrawal(id) {
      const outcome = await sendOnce(
        ['withdraw-cancel', { id }],
        (key) => record({ source: 'intent', type: 'wallet-withdraw-cancel', payload: { id, key } }),
        (headers) => call(withdrawCancel, { id }, headers),
      );
      return withdrawal(outcome);
    },
    async withdrawals(page) {
      record({ source: 'intent', type: 'wallet-withdrawals-requested', payload: { page } });
      const outcome = await call(withdrawals, { page, size: walletPageSize });
      if (outcome.ok) record({ source: 'api', type: 'wallet-withdrawals', payload: outcome.data });
      const known = await precisions();
      return mapOutcome(outcome, (data) =>
        pageOf(data, (item) => withdrawalRow(item, known, locale())),
      );
    },
    async addressBook() {
      record({ source: 'intent', type: 'wallet-addresses-requested', payload: null });
      const outcome = await call(addresses, {});
      if (outcome.ok) record({ source: 'api', type: 'wallet-addresses', payload: outcome.data });
      return mapOutcome(outcome, ({ list }) => list.map(addressRow));
    },
    async addAddress(form) {
      const fields = {
        asset: form.asset.trim().toUpperCase(),
        chain: form.chain,
        address: form.address.trim(),
        remark: form.remark.trim(),
      };
      const { asset, chain } = fields;
      record({ source: 'intent', type: 'wallet-address-add', payload: { asset, chain } });
      const outcome = await call(addressAdd, fields);
      if (outcome.ok)
        record({ source: 'api', type: 'wallet-address-added', payload: outcome.data });
      return mapOutcome(outcome, addressRow);
    },
    async deleteAddress(id) {
      record({ source: 'intent', type: 'wallet-address-delete', payload: { id } });
      const outcome = await call(addressDelete, { id });
      if (outcome.ok) record({ source: 'api', type: 'wallet-address-deleted', payload: { id } });
      return outcome;
    },
    async walletRecords(type, page) {
      record({ source: 'intent', type: 'wallet-records-requested', payload: { type, page } });
      const outcome = await call(records, {
        ...(type === 'all' ? {} : { type }),
        page,
        size: walletPageSize,
      });
      if (outcome.ok) {
        record({ source: 'api', type: 'wallet-records', payload: { type, answer: outcome.data } });
      }
      const known = await precisions();
      return mapOutcome(outcome, (data) => {
        const page = pageOf(data, (item) => item);
        return { ...page, rows: recordRows(page.rows, known, locale()) };
      });
    },
    async transfer(form) {
      const fields = {
        from: form.from,
        to: form.to,
        asset: form.asset.trim().toUpperCase(),
        amount: form.amount.trim() === 'all' ? 'all' : canonicalAmount(form.amount),
      };
      const outcome = await sendOnce(
        ['transfer', fields],
        (key) => record({ source: 'intent', type: 'wallet-transfer', payload: { ...fields, key } }),
        (headers) => call(transfer, fields, headers),
      );
      if (outcome.ok) record({ source: 'api', type: 'wallet-transferred', payload: outcome.data });
      return mapOutcome(outcome, (data) => ({
        from: data.from,
        to: data.to,
        asset: data.asset,
        amountShown: formatAmount(data.amount, data.asset, context.view().precisions, locale()),
      }));
    },
  };
}

export const walletDomain = defineDomain({
  handlers: createWalletHandlers,
  signedInChannels: ['balances', 'deposits', 'withdrawals'],
  frames: {
    balances: balancesDataSchema,
    deposits: depositsDataSchema,
    withdrawals: withdrawalsDataSchema,
  },
});
