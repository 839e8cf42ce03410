// Futures movements in the traders' records, over real HTTP on a feed the test holds still and a
// funding round every two seconds: each fill (its fee, and on a close its realised PnL), each
// funding payment and a liquidation is one entry of type `contract` in the contract wallet, signed
// as the balance moved; freezing and releasing margin within the wallet is no entry; every entry adds up to the
// wallet's balance.
import { describe, expect, it } from 'vitest';
import { displayAmount, parseAmount } from '../../core/money.ts';
import type { ContractOrder, ContractPosition } from '../../schemas/api/contract.schema.ts';
import { systemClock } from '../../server/clock.ts';
import { until } from '../support/contract-crash.ts';
import { ok } from '../support/expectations.ts';
import { ManualFeed } from '../support/manual-feed.ts';
import { allRecords } from '../support/records.ts';
import { setUpRecordsServer } from '../support/records-server.ts';
import { type SeededTrader, seedTraders } from '../support/seeded-traders.ts';

const feed = new ManualFeed();
// Held until the feed starts: the market opens at 3000.
feed.print('ETHUSDT', '3000');
const { server, client, send, read, expectLedgerBalanced } = setUpRecordsServer(
  systemClock,
  {
    INDEX_STALE_SECONDS: '3600',
    // The liquidation case moves the index 20 % in one print.
    INDEX_MAX_DEVIATION_PCT: '50',
    FUNDING_INTERVAL_MS: '2000',
    FUNDING_SAMPLE_MS: '250',
    FUNDING_INTEREST_RATE: '0.144',
    FUNDING_PREMIUM_CLAMP: '0.144',
  },
  { feeds: [feed] },
);

const atoms = (text: string) =>
  text.startsWith('-') ? -(parseAmount(text.slice(1)) ?? 0n) : (parseAmount(text) ?? 0n);
const shown = (value: bigint) => (value < 0n ? `-${displayAmount(-value)}` : displayAmount(value));

async function contractBalance(trader: SeededTrader): Promise<bigint> {
  const { balances } = await read<{
    balances: { wallet: string; asset: string; available: string; frozen: string }[];
  }>(trader.token, '/wallet/balances');
  const row = balances.find((found) => found.wallet === 'contract' && found.asset === 'USDT');
  return atoms(row?.available ?? '0') + atoms(row?.frozen ?? '0');
}

describe('futures in the records', () => {
  it('show each fill with its fee and realised PnL, and each funding payment', async () => {
    await until(
      async () =>
        ok(
          await client().get<{ list: { symbol: string; mark_price: string | null }[] }>(
            '/contract/markets',
          ),
        ).list.find((market) => market.symbol === 'ETHUSDT')?.mark_price,
      (mark) => mark === '3000.00',
      60_000,
    );
    const [short, long] = await seedTraders(server().db, 2, 10_000n * 100_000_000n);
    if (!short || !long) throw new Error('no traders');
    const terms = { symbol: 'ETHUSDT', quantity: '1', leverage: '10', margin_mode: 'isolated' };
    ok(
      await send(short.token, '/contract/open', {
        ...terms,
        direction: 'short',
        type: 'limit',
        price: '3000',
      }),
    );
    ok(await send(long.token, '/contract/open', { ...terms, direction: 'long', type: 'market' }));
    // A funding round that found both positions open.
    await until(
      () =>
        read<{ list: { amount: string }[] }>(short.token, '/contract/funding', {
          symbol: 'ETHUSDT',
        }),
      (page) => page.list.length > 0,
      60_000,
    );
    // The long offers its position at 3010; the short buys it back there and loses 10.
    const [held] = (await read<{ list: ContractPosition[] }>(long.token, '/contract/positions'))
      .list;
    const [owed] = (await read<{ list: ContractPosition[] }>(short.token, '/contract/positions'))
      .list;
    if (!held || !owed) throw new Error('no positions');
    ok(
      await send<ContractOrder>(long.token, '/contract/close', {
        position_id: String(held.id),
        type: 'limit',
        price: '3010',
      }),
    );
    ok(
      await send<ContractOrder>(short.token, '/contract/close', {
        position_id: String(owed.id),
        type: 'market',
      }),
    );
    expect(await read<{ list: unknown[] }>(short.token, '/contract/positions')).toMatchObject({
      list: [],
    });

    for (const trader of [short, long]) {
      const records = await allRecords(client(), trader.token, 'contract');
      const fills = (
        await read<{ list: { fee: string; realized_pnl: string }[] }>(
          trader.token,
          '/contract/fills',
          {
            symbol: 'ETHUSDT',
          },
        )
      ).list;
      const funding = (
        await read<{ list: { amount: string }[] }>(trader.token, '/contract/funding', {
          symbol: 'ETHUSDT',
        })
      ).list;
      const amountsOf = (label: string) =>
        records
          .filter((entry) => entry.label === label)
          .map((entry) => entry.amount)
          .sort();
      expect(fills).toHaveLength(2);
      expect(amountsOf('contract_trade')).toEqual(
        fills.map((fill) => shown(atoms(fill.realized_pnl) - atoms(fill.fee))).sort(),
      );
      expect(amountsOf('contract_funding')).toEqual(
        funding
          .filter((payment) => atoms(payment.amount) !== 0n)
          .map((payment) => payment.amount)
          .sort(),
      );
      expect(records.every((entry) => entry.type === 'contract')).toBe(true);
      expect(records.every((entry) => entry.wallet === 'contract' && entry.asset === 'USDT')).toBe(
        true,
      );
      expect(records.map((entry) => entry.label)).not.toContain('contract_margin');
      // Seeded 10,000; every change since is an entry.
      const moved = records.reduce((sum, entry) => sum + atoms(entry.amount), 0n);
      expect(10_000n * 100_000_000n + moved).toBe(await contractBalance(trader));
    }
    const shortFills = (await allRecords(client(), short.token, 'contract')).filter(
      (entry) => entry.label === 'contract_trade',
    );
    // The close lost 10 and paid a fee: the newest fill is below -10.
    expect(atoms(shortFills[0]?.amount ?? '0')).toBeLessThan(-10n * 100_000_000n);
    expect(shortFills.every((entry) => entry.link?.to === 'contract_order')).toBe(true);
    await expectLedgerBalanced();
  }, 120_000);

  it('show a liquidation, and still add up to the balance', async () => {
    const [short, long, bidder] = await seedTraders(server().db, 3, 10_000n * 100_000_000n);
    if (!short || !long || !bidder) throw new Error('no traders');
    const terms = { symbol: 'ETHUSDT', quantity: '1' };
    ok(
      await send(short.token, '/contract/open', {
        ...terms,
        direction: 'short',
        type: 'limit',
        price: '3000',
        leverage: '3',
        margin_mode: 'cross',
      }),
    );
    ok(
      await send(long.token, '/contract/open', {
        ...terms,
        direction: 'long',
        type: 'market',
        leverage: '50',
        margin_mode: 'isolated',
      }),
    );
    // The bidder, above the long's bankruptcy price, takes what the liquidation sells.
    ok(
      await send(bidder.token, '/contract/open', {
        ...terms,
        quantity: '2',
        direction: 'long',
        type: 'limit',
        price: '2950',
        leverage: '2',
        margin_mode: 'cross',
      }),
    );
    feed.print('ETHUSDT', '2400');
    await until(
      () => read<{ list: unknown[] }>(long.token, '/contract/liquidations'),
      (page) => page.list.length > 0,
      60_000,
    );
    await until(
      () => read<{ list: unknown[] }>(long.token, '/contract/positions'),
      (page) => page.list.length === 0,
      60_000,
    );
    const records = await allRecords(client(), long.token, 'contract');
    expect(records.map((entry) => entry.label)).toContain('contract_liquidation');
    const moved = records.reduce((sum, entry) => sum + atoms(entry.amount), 0n);
    expect(10_000n * 100_000_000n + moved).toBe(await contractBalance(long));
    await expectLedgerBalanced();
  }, 120_000);
});
