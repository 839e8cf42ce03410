// Today's PnL (server/wallet/today-pnl.ts) against random holdings, prices and days: money moved
// in or out is never a gain or a loss, a holding kept all day gains exactly its price's move, and
// a coin bought today gains exactly its move since the price it was bought at.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DayPrices, pnlOf } from '../../server/wallet/today-pnl.ts';

const atom = 10n ** 8n;
/** Amounts in atoms and prices in USDT atoms, within what the ledger keeps. */
const amount = fc.bigInt({ min: 0n, max: 10n ** 16n });
const price = fc.bigInt({ min: 1n, max: 10n ** 14n });

const pricesOf =
  (table: Record<string, { now: bigint; open: bigint }>): DayPrices =>
  (asset) =>
    asset === 'USDT' ? { now: atom, open: atom } : (table[asset] ?? null);

/** Atoms × price atoms back to atoms, as the function rounds: half away from zero. */
const round = (value: bigint) =>
  value < 0n ? -((-value + atom / 2n) / atom) : (value + atom / 2n) / atom;

describe("today's PnL", () => {
  it('counts no deposit or withdrawal as a gain or a loss', () => {
    fc.assert(
      fc.property(
        amount,
        amount,
        amount,
        price,
        price,
        (start, deposited, withdrawn, open, now) => {
          fc.pre(withdrawn <= start + deposited);
          const held = start + deposited - withdrawn;
          const crossed = deposited - withdrawn;
          const { pnl } = pnlOf(
            new Map([['BTC', held]]),
            new Map([['BTC', { moved: crossed, crossed }]]),
            pricesOf({ BTC: { now, open } }),
          );
          // Exactly what was held at midnight, moved by the day's price change.
          expect(pnl).toBe(round(start * (now - open)));
        },
      ),
    );
  });

  it('is nothing on a day whose prices did not move, however much came and went', () => {
    fc.assert(
      fc.property(amount, amount, price, (start, deposited, at) => {
        const { pnl, opening } = pnlOf(
          new Map([
            ['ETH', start + deposited],
            ['USDT', deposited],
          ]),
          new Map([
            ['ETH', { moved: deposited, crossed: deposited }],
            ['USDT', { moved: deposited, crossed: deposited }],
          ]),
          pricesOf({ ETH: { now: at, open: at } }),
        );
        expect(pnl).toBe(0n);
        expect(opening).toBe(round(start * at));
      }),
    );
  });

  it('counts a coin bought today by its move since the price paid', () => {
    fc.assert(
      fc.property(amount, price, price, price, amount, (quantity, paid, open, now, cash) => {
        const cost = (quantity * paid) / atom;
        fc.pre(cost <= cash);
        const { pnl } = pnlOf(
          new Map([
            ['BTC', quantity],
            ['USDT', cash - cost],
          ]),
          new Map([
            ['BTC', { moved: quantity, crossed: 0n }],
            ['USDT', { moved: -cost, crossed: 0n }],
          ]),
          pricesOf({ BTC: { now, open } }),
        );
        expect(pnl).toBe(round(quantity * now - cost * atom));
      }),
    );
  });

  it('leaves out an asset no market prices, on both sides of the day', () => {
    const { pnl, opening } = pnlOf(
      new Map([['NOVA', 5n * atom]]),
      new Map([['NOVA', { moved: 5n * atom, crossed: 0n }]]),
      pricesOf({}),
    );
    expect([pnl, opening]).toEqual([0n, 0n]);
  });
});
