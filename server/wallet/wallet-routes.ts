// The wallet calls (design.md §4 `/wallet/*`): balances valued at the index, assets and chains,
// deposit addresses and deposits, withdrawals, transfers, the address book and records. Every id
// a client sends is looked up together with the caller's user id.
import { displayAmount, parseAmount } from '../../core/money.ts';
import {
  addressAdd,
  addressDelete,
  addresses,
  assets,
  balances,
  depositAddress,
  deposits,
  records,
  transfer,
  withdraw,
  withdrawals,
  withdrawCancel,
} from '../../schemas/api/wallet.schema.ts';
import { assertTradePassword } from '../accounts/password-checks.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import { idempotencyKeyOf, idempotent } from '../http/idempotency.ts';
import type { Router } from '../http/router.ts';
import { assertMayWithdraw } from '../identity/withdrawal-gate.ts';
import type { MarketService } from '../market/market-service.ts';
import { addAddressEntry, addressEntries, deleteAddressEntry } from './address-book.ts';
import { chains } from './addresses/chains.ts';
import { deriveDepositAddress } from './addresses/derive.ts';
import { validateAddress } from './addresses/validate.ts';
import { type AssetSpec, assetSpec, type ChainSpec } from './assets.ts';
import { balancesOf } from './balances.ts';
import { depositAddressFor } from './deposit-addresses.ts';
import { recordsOf } from './records.ts';
import { transferFunds } from './transfer.ts';
import { valued } from './valuation.ts';
import { cancelWithdrawal, requestWithdrawal, type WithdrawalRow } from './withdrawals.ts';

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());
const decimal = (text: string) => displayAmount(parseAmount(text) ?? 0n);

export function withdrawalView(row: WithdrawalRow) {
  return {
    id: row.id,
    asset: row.asset,
    chain: row.chain as ChainSpec['chain'],
    address: row.address,
    amount: decimal(row.amount),
    fee: decimal(row.fee),
    status: row.status,
    reason: row.reason,
    created_at: iso(row.created_at) as string,
    updated_at: iso(row.updated_at) as string,
  };
}

export function walletRoutes(
  router: Router,
  deps: AppDeps,
  valuation: { market: MarketService; valuedRouter: Router },
): void {
  const { market } = valuation;
  const { db, config } = deps;
  const assetList = config.walletAssets;
  const derive = (chain: ChainSpec['chain'], index: number) =>
    deriveDepositAddress(config.walletXpubs[chains[chain].family].xpub, chain, index);

  const chainOf = (asset: string, chain: string, use: 'deposit' | 'withdraw') => {
    const spec: AssetSpec | undefined = assetSpec(assetList, asset);
    if (!spec) throw new BusinessError('asset_unknown');
    const found = spec.chains.find((candidate) => candidate.chain === chain);
    if (!found?.[use]) throw new BusinessError('chain_disabled');
    return found;
  };

  const checkedAddress = (chain: ChainSpec['chain'], address: string) => {
    const check = validateAddress(chain, address);
    if (check.ok) return check.normalized;
    throw new BusinessError(check.reason === 'chain' ? 'address_wrong_chain' : 'address_invalid');
  };

  valuation.valuedRouter.add(balances, async (_input, { session }) =>
    valued(await balancesOf(db, session.userId), market, Date.now()),
  );

  router.add(assets, async () => ({
    list: assetList.map((spec) => ({
      asset: spec.asset,
      chains: spec.chains.map((chain) => ({
        chain: chain.chain,
        deposit: chain.deposit,
        withdraw: chain.withdraw,
        withdraw_fee: chain.withdrawFee,
        min_withdraw: chain.minWithdraw,
        confirmations: chain.confirmations,
      })),
    })),
  }));

  router.add(depositAddress, async ({ asset, chain }, { session }) => {
    chainOf(asset, chain, 'deposit');
    const address = await depositAddressFor(db, derive, session.userId, chain);
    return { asset, chain, address };
  });

  router.add(deposits, async ({ page, size }, { session }) => {
    const rows = await db
      .selectFrom('deposits')
      .selectAll()
      .select((eb) => eb.fn.countAll().over().as('total'))
      .where('user_id', '=', session.userId)
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
    return {
      list: rows.map((row) => ({
        id: row.id,
        asset: row.asset,
        chain: row.chain as ChainSpec['chain'],
        txid: row.txid,
        address: row.address,
        amount: decimal(row.amount),
        confirmations: row.confirmations,
        required_confirmations: row.required_confirmations,
        status: row.status,
        created_at: iso(row.created_at) as string,
        credited_at: iso(row.credited_at),
      })),
      total: Number(rows[0]?.total ?? 0),
      page,
      size,
    };
  });

  router.add(withdraw, async (input, context) => {
    const { session, request } = context;
    const key = idempotencyKeyOf(request);
    await assertMayWithdraw(db, config.kycRequiredForWithdrawal, session.userId);
    const chain = chainOf(input.asset, input.chain, 'withdraw');
    const address = checkedAddress(chain.chain, input.address);
    const amount = parseAmount(input.amount) ?? 0n;
    if (amount < (parseAmount(chain.minWithdraw) ?? 0n)) {
      throw new BusinessError('amount_below_minimum', { amount: chain.minWithdraw });
    }
    // Guesses are counted before the check and limited per user and address (docs/security.md).
    await assertTradePassword(deps, context, session.userId, input.trade_password);
    const { trade_password: _secret, ...remembered } = input;
    const row = await idempotent(
      { db, userId: session.userId, key, path: withdraw.path, request: remembered },
      async (trx) =>
        withdrawalView(
          await requestWithdrawal(trx, {
            userId: session.userId,
            asset: input.asset,
            chain: chain.chain,
            address,
            amount,
            fee: parseAmount(chain.withdrawFee) ?? 0n,
          }),
        ),
    );
    return row;
  });

  router.add(withdrawCancel, async ({ id }, { session, request }) => {
    const key = idempotencyKeyOf(request);
    return idempotent(
      { db, userId: session.userId, key, path: withdrawCancel.path, request: { id } },
      async (trx) => withdrawalView(await cancelWithdrawal(trx, session.userId, id)),
    );
  });

  router.add(withdrawals, async ({ page, size, status }, { session }) => {
    const rows = await db
      .selectFrom('withdrawals')
      .selectAll()
      .select((eb) => eb.fn.countAll().over().as('total'))
      .where('user_id', '=', session.userId)
      .$if(status !== undefined, (q) => q.where('status', '=', status as WithdrawalRow['status']))
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
    return { list: rows.map(withdrawalView), total: Number(rows[0]?.total ?? 0), page, size };
  });

  router.add(transfer, async (input, { session, request }) => {
    const key = idempotencyKeyOf(request);
    if (!assetSpec(assetList, input.asset)) throw new BusinessError('asset_unknown');
    return idempotent(
      { db, userId: session.userId, key, path: transfer.path, request: input },
      (trx) => transferFunds(trx, session.userId, input, `transfer:${session.userId}:${key}`),
    );
  });

  const entryView = (row: Awaited<ReturnType<typeof addressEntries>>[number]) => ({
    id: row.id,
    asset: row.asset,
    chain: row.chain as ChainSpec['chain'],
    address: row.address,
    remark: row.remark,
    created_at: iso(row.created_at) as string,
  });

  router.add(addresses, async ({ asset }, { session }) => ({
    list: (await addressEntries(db, session.userId, asset)).map(entryView),
  }));

  router.add(addressAdd, async (input, { session }) => {
    chainOf(input.asset, input.chain, 'withdraw');
    const address = checkedAddress(input.chain, input.address);
    const row = await addAddressEntry(
      db,
      {
        user_id: session.userId,
        asset: input.asset,
        chain: input.chain,
        address,
        remark: input.remark ?? '',
      },
      config.addressBookMaxEntries,
    );
    return entryView(row);
  });

  router.add(addressDelete, async ({ id }, { session }) => {
    await deleteAddressEntry(db, session.userId, id);
    return null;
  });

  router.add(records, async ({ type, page, size }, { session }) =>
    recordsOf(db, session.userId, type, page, size),
  );
}
