// The wallet calls (`/wallet/*`, docs/product.md §17): balances valued at the index, assets and
// chains, deposit addresses and deposits, withdrawals, transfers, the address book and records.
// Every id a client sends is looked up together with the caller's user id.
import {
  addressDelete,
  addresses,
  assets,
  balances,
  depositAddress,
  deposits,
  records,
  transfer,
  withdrawals,
  withdrawCancel,
} from '../../schemas/api/wallet.schema.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import { idempotencyKeyOf, idempotent } from '../http/idempotency.ts';
import type { Router } from '../http/router.ts';
import type { MarketService } from '../market/market-service.ts';
import { addressAddRoute } from './address-add-route.ts';
import { addressEntries, deleteAddressEntry } from './address-book.ts';
import { chains } from './addresses/chains.ts';
import { deriveDepositAddress } from './addresses/derive.ts';
import { assetSpec, type ChainSpec } from './assets.ts';
import { balancesOf } from './balances.ts';
import { depositAddressFor } from './deposit-addresses.ts';
import { priceSources } from './price-sources.ts';
import { recordsOf } from './records.ts';
import { todayRoute } from './today-route.ts';
import { transferFunds } from './transfer.ts';
import { unpricedAssets, valued } from './valuation.ts';
import { chainOf } from './wallet-checks.ts';
import { publishBalances, publishWithdrawal } from './wallet-frames.ts';
import { depositView, entryView, withdrawalView } from './wallet-views.ts';
import { withdrawRoute } from './withdraw-route.ts';
import { cancelWithdrawal, type WithdrawalRow } from './withdrawals.ts';

// The operator calls show withdrawals as the user sees them.
export { withdrawalView };

export function walletRoutes(
  router: Router,
  deps: AppDeps,
  valuation: { market: MarketService; valuedRouter: Router },
): void {
  const { market } = valuation;
  const { db, config } = deps;
  const assetList = config.walletAssets;
  const explorer = config.chain.explorerTxUrl;
  const derive = (chain: ChainSpec['chain'], index: number) =>
    deriveDepositAddress(config.walletXpubs[chains[chain].family].xpub, chain, index);

  // Assets no market quotes are priced by the products that know them (a pre-sale token).
  valuation.valuedRouter.add(balances, async (_input, { session }) => {
    const held = await balancesOf(db, session.userId);
    const now = Date.now();
    const sourced = await priceSources(market).pricesOf(unpricedAssets(held, market, now));
    return valued(held, market, now, sourced);
  });
  todayRoute(valuation.valuedRouter, db, market);

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
    chainOf(assetList, asset, chain, 'deposit');
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
      list: rows.map((row) => depositView(row, explorer)),
      total: Number(rows[0]?.total ?? 0),
      page,
      size,
    };
  });

  withdrawRoute(router, deps);

  router.add(withdrawCancel, async ({ id }, { session, request }) => {
    const key = idempotencyKeyOf(request);
    const answer = await idempotent(
      { db, userId: session.userId, key, path: withdrawCancel.path, request: { id } },
      async (trx) => withdrawalView(await cancelWithdrawal(trx, session.userId, id), explorer),
    );
    // The user's other open pages (another tab, the asset center) follow it.
    await publishWithdrawal(db, answer.id);
    return answer;
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
    return {
      list: rows.map((row) => withdrawalView(row, explorer)),
      total: Number(rows[0]?.total ?? 0),
      page,
      size,
    };
  });

  router.add(transfer, async (input, { session, request }) => {
    const key = idempotencyKeyOf(request);
    if (!assetSpec(assetList, input.asset)) throw new BusinessError('asset_unknown');
    const answer = await idempotent(
      { db, userId: session.userId, key, path: transfer.path, request: input },
      (trx) => transferFunds(trx, session.userId, input, `transfer:${session.userId}:${key}`),
    );
    await publishBalances(db, session.userId, [
      { wallet: answer.from, asset: answer.asset },
      { wallet: answer.to, asset: answer.asset },
    ]);
    return answer;
  });

  router.add(addresses, async ({ asset }, { session }) => ({
    list: (await addressEntries(db, session.userId, asset)).map(entryView),
  }));

  addressAddRoute(router, deps);

  router.add(addressDelete, async ({ id }, { session }) => {
    await deleteAddressEntry(db, session.userId, id);
    return null;
  });

  router.add(records, async ({ type, page, size }, { session }) =>
    recordsOf(db, session.userId, type, page, size),
  );
}
