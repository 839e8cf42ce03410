// The wallet's calls in the worker: each user intent is logged (never the trade password), the
// money-moving ones carry one idempotency key per intent, and amounts reach the UI formatted.
import type { z } from 'zod';
import type { NewEvent } from '../core/event-log.ts';
import { displayAmount, parseAmount } from '../core/money.ts';
import { formatPrice } from '../core/price-format.ts';
import {
  addressAdd,
  addressDelete,
  type addressEntrySchema,
  addresses,
  assets,
  balances,
  depositAddress,
  type depositSchema,
  deposits,
  type recordSchema,
  records,
  transfer,
  withdraw,
  type withdrawalSchema,
  withdrawals,
  withdrawCancel,
} from '../schemas/api/wallet.schema.ts';
import type { Endpoint } from '../schemas/endpoint.ts';
import { errorCodes } from '../schemas/errors.ts';
import type { ApiFailure } from './api-client.ts';
import type {
  AddressRow,
  DepositRow,
  ListPage,
  Outcome,
  RecordRow,
  WalletHandlers,
  WithdrawalRow,
} from './facade.ts';
import { formatTimestamp } from './time-format.ts';

/** The core's API call, which logs each answer; `headers` go with this one call only. */
export type CallApi = <E extends Endpoint>(
  endpoint: E,
  input: z.input<E['request']>,
  headers?: Readonly<Record<string, string>>,
) => Promise<Outcome<z.output<E['response']>>>;

export interface WalletDeps {
  call: CallApi;
  record(event: NewEvent): void;
  /** The Intl locale of the current language (`pl` for `bl`). */
  locale(): string;
  /** A fresh idempotency key; random UUIDs unless a test needs them predictable. */
  newKey?: () => string;
}

/** Rows per page of the wallet's lists. */
export const walletPageSize = 20;

/** How many unsettled intents keep their key; the oldest is forgotten first. */
const keptIntents = 20;

/**
 * One idempotency key per user intent. The intent is the call with its fields (amounts in canonical
 * form, secrets left out): a retry of it after an answer that never came sends the same key, so
 * the server runs it at most once. A definite answer settles it, and the next intent, even one
 * with the same fields, gets a fresh key.
 */
export class IntentKeys {
  readonly #keys = new Map<string, string>();
  readonly #newKey: () => string;

  constructor(newKey: () => string = () => crypto.randomUUID()) {
    this.#newKey = newKey;
  }

  keyFor(intent: string): string {
    const kept = this.#keys.get(intent);
    if (kept) return kept;
    const key = this.#newKey();
    this.#keys.set(intent, key);
    if (this.#keys.size > keptIntents) {
      const oldest = this.#keys.keys().next().value;
      if (oldest !== undefined) this.#keys.delete(oldest);
    }
    return key;
  }

  settle(intent: string, outcome: Outcome<unknown>): void {
    if (outcome.ok || !mayHaveRun(outcome.failure)) this.#keys.delete(intent);
  }
}

/**
 * Whether the server may have carried the call out although no success came back: no answer, an
 * answer that could not be read, or "key already used", which means an earlier try with this key
 * went through. Forgetting the key then could run the intent twice.
 */
export function mayHaveRun(failure: ApiFailure): boolean {
  if (failure.kind === 'business') return failure.code === errorCodes.idempotency_key_reused;
  return failure.kind !== 'session';
}

/** An amount as the server keeps it (`1.50` → `1.5`), so one intent has one body; else as typed. */
export function canonicalAmount(text: string): string {
  const trimmed = text.trim();
  const atoms = parseAmount(trimmed);
  return atoms === null ? trimmed : displayAmount(atoms);
}

const amount = (value: string, locale: string) => formatPrice(value, { locale });
/** Worth in USDT: cents are enough to read a total by. */
const usdt = (value: string | null, locale: string) =>
  value === null ? '--' : formatPrice(value, { locale, precision: 2 });

function signed(value: string, locale: string): string {
  const shown = amount(value, locale);
  return value.startsWith('-') || /^[0.]*$/.test(value) ? shown : `+${shown}`;
}

function pageOf<T, R>(
  data: { list: readonly T[]; total: number; page: number; size: number },
  row: (item: T) => R,
): ListPage<R> {
  return {
    rows: data.list.map(row),
    page: data.page,
    more: data.page * data.size < data.total,
  };
}

export function depositRow(deposit: z.output<typeof depositSchema>, locale: string): DepositRow {
  return {
    id: deposit.id,
    asset: deposit.asset,
    chain: deposit.chain,
    txid: deposit.txid,
    amountShown: amount(deposit.amount, locale),
    status: deposit.status,
    confirmations: deposit.confirmations,
    required: deposit.required_confirmations,
    time: formatTimestamp(deposit.created_at, locale, 'dated'),
  };
}

export function withdrawalRow(
  withdrawal: z.output<typeof withdrawalSchema>,
  locale: string,
): WithdrawalRow {
  return {
    id: withdrawal.id,
    asset: withdrawal.asset,
    chain: withdrawal.chain,
    address: withdrawal.address,
    amountShown: amount(withdrawal.amount, locale),
    feeShown: amount(withdrawal.fee, locale),
    status: withdrawal.status,
    reason: withdrawal.reason,
    time: formatTimestamp(withdrawal.created_at, locale, 'dated'),
  };
}

function addressRow(entry: z.output<typeof addressEntrySchema>): AddressRow {
  const { id, asset, chain, address, remark } = entry;
  return { id, asset, chain, address, remark };
}

function recordRow(record: z.output<typeof recordSchema>, locale: string): RecordRow {
  return {
    key: `${record.id}:${record.wallet}:${record.asset}`,
    id: record.id,
    type: record.type,
    wallet: record.wallet,
    asset: record.asset,
    amountShown: signed(record.amount, locale),
    reference: record.reference,
    time: formatTimestamp(record.created_at, locale, 'dated'),
  };
}

/** Maps a successful outcome's data; a failure passes through as it is. */
function mapOutcome<T, R>(outcome: Outcome<T>, map: (data: T) => R): Outcome<R> {
  return outcome.ok ? { ok: true, data: map(outcome.data) } : outcome;
}

export class WalletCalls implements WalletHandlers {
  readonly #deps: WalletDeps;
  readonly #keys: IntentKeys;

  constructor(deps: WalletDeps) {
    this.#deps = deps;
    this.#keys = new IntentKeys(deps.newKey);
  }

  async walletBalances() {
    this.#intent('balances', null);
    const outcome = await this.#deps.call(balances, {});
    const locale = this.#deps.locale();
    return mapOutcome(outcome, ({ balances: rows, totals }) => ({
      total: usdt(totals.all, locale),
      wallets: {
        funding: usdt(totals.funding, locale),
        contract: usdt(totals.contract, locale),
        option: usdt(totals.option, locale),
      },
      rows: rows.map((row) => ({
        wallet: row.wallet,
        asset: row.asset,
        available: row.available,
        availableShown: amount(row.available, locale),
        frozenShown: amount(row.frozen, locale),
        valueShown: usdt(row.value_usdt, locale),
      })),
    }));
  }

  async walletAssets() {
    this.#intent('assets', null);
    const outcome = await this.#deps.call(assets, {});
    const locale = this.#deps.locale();
    return mapOutcome(outcome, ({ list }) =>
      list.map(({ asset, chains }) => ({
        asset,
        chains: chains.map((chain) => ({
          chain: chain.chain,
          deposit: chain.deposit,
          withdraw: chain.withdraw,
          fee: chain.withdraw_fee,
          feeShown: amount(chain.withdraw_fee, locale),
          minimum: chain.min_withdraw,
          minimumShown: amount(chain.min_withdraw, locale),
          confirmations: chain.confirmations,
        })),
      })),
    );
  }

  async depositAddress(asset: string, chain: Parameters<WalletHandlers['depositAddress']>[1]) {
    this.#intent('deposit-address', { asset, chain });
    return this.#deps.call(depositAddress, { asset, chain });
  }

  async deposits(page: number) {
    this.#intent('deposits', { page });
    const outcome = await this.#deps.call(deposits, { page, size: walletPageSize });
    const locale = this.#deps.locale();
    return mapOutcome(outcome, (data) => pageOf(data, (item) => depositRow(item, locale)));
  }

  async withdraw(form: Parameters<WalletHandlers['withdraw']>[0]) {
    const fields = {
      asset: form.asset.trim().toUpperCase(),
      chain: form.chain,
      address: form.address.trim(),
      amount: canonicalAmount(form.amount),
    };
    // The trade password goes to the server only: it is neither logged nor part of the intent.
    const outcome = await this.#moneyMoving('withdraw', fields, (headers) =>
      this.#deps.call(withdraw, { ...fields, trade_password: form.trade_password }, headers),
    );
    const locale = this.#deps.locale();
    return mapOutcome(outcome, (data) => withdrawalRow(data, locale));
  }

  async cancelWithdrawal(id: number) {
    const outcome = await this.#moneyMoving('withdraw-cancel', { id }, (headers) =>
      this.#deps.call(withdrawCancel, { id }, headers),
    );
    const locale = this.#deps.locale();
    return mapOutcome(outcome, (data) => withdrawalRow(data, locale));
  }

  async withdrawals(page: number) {
    this.#intent('withdrawals', { page });
    const outcome = await this.#deps.call(withdrawals, { page, size: walletPageSize });
    const locale = this.#deps.locale();
    return mapOutcome(outcome, (data) => pageOf(data, (item) => withdrawalRow(item, locale)));
  }

  async addressBook() {
    this.#intent('addresses', null);
    const outcome = await this.#deps.call(addresses, {});
    return mapOutcome(outcome, ({ list }) => list.map(addressRow));
  }

  async addAddress(form: Parameters<WalletHandlers['addAddress']>[0]) {
    const fields = {
      asset: form.asset.trim().toUpperCase(),
      chain: form.chain,
      address: form.address.trim(),
      remark: form.remark.trim(),
    };
    this.#intent('address-add', { asset: fields.asset, chain: fields.chain });
    const outcome = await this.#deps.call(addressAdd, fields);
    return mapOutcome(outcome, addressRow);
  }

  async deleteAddress(id: number) {
    this.#intent('address-delete', { id });
    return this.#deps.call(addressDelete, { id });
  }

  async walletRecords(type: Parameters<WalletHandlers['walletRecords']>[0], page: number) {
    this.#intent('records', { type, page });
    const outcome = await this.#deps.call(records, {
      ...(type === 'all' ? {} : { type }),
      page,
      size: walletPageSize,
    });
    const locale = this.#deps.locale();
    return mapOutcome(outcome, (data) => pageOf(data, (item) => recordRow(item, locale)));
  }

  async transfer(form: Parameters<WalletHandlers['transfer']>[0]) {
    const fields = {
      from: form.from,
      to: form.to,
      asset: form.asset.trim().toUpperCase(),
      amount: form.amount.trim() === 'all' ? 'all' : canonicalAmount(form.amount),
    };
    const outcome = await this.#moneyMoving('transfer', fields, (headers) =>
      this.#deps.call(transfer, fields, headers),
    );
    const locale = this.#deps.locale();
    return mapOutcome(outcome, (data) => ({
      from: data.from,
      to: data.to,
      asset: data.asset,
      amountShown: amount(data.amount, locale),
    }));
  }

  /** Sends a money-moving call with its intent's key, logged with the intent. */
  async #moneyMoving<T>(
    name: string,
    fields: Record<string, string | number>,
    send: (headers: Record<string, string>) => Promise<Outcome<T>>,
  ): Promise<Outcome<T>> {
    const intent = JSON.stringify([name, fields]);
    const key = this.#keys.keyFor(intent);
    this.#intent(name, { ...fields, key });
    const outcome = await send({ 'Idempotency-Key': key });
    this.#keys.settle(intent, outcome);
    return outcome;
  }

  #intent(name: string, payload: unknown): void {
    this.#deps.record({ source: 'intent', type: `wallet-${name}`, payload });
  }
}
