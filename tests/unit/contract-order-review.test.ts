// The perpetual order form's review: its liquidation estimate is, to the printed cent, the price the
// server shows for the position the order's fill makes (isolated on its own initial margin, cross
// on the wallet less the fee); its cost is the server's hold; its maxima are the most the balance
// and the brackets allow; its problems come in screen order; a market order is priced through the
// perpetual's own book.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { marketBrackets } from '../../core/contract/brackets.ts';
import { initialMargin, notional } from '../../core/contract/margin.ts';
import { orderCost } from '../../core/contract/order-cost.ts';
import { type ContractOrderForm, emptyContractForm } from '../../core/contract/order-form.ts';
import {
  type ReviewContext,
  reviewContractOrder,
  walkBook,
} from '../../core/contract/order-review.ts';
import { priceAtScale } from '../../core/market/decimal-atoms.ts';
import { shareOf } from '../../core/market/quantity-share.ts';
import { contractMarketOf } from '../../server/contract/contract-markets.ts';
import { positionView } from '../../server/contract/contract-views.ts';
import { newPosition } from '../../server/contract/engine-state.ts';
import { knownMarkets } from '../../server/market/catalog.ts';
import { formattedReview } from '../../workers/contract/review.ts';
import { ethMarket } from '../support/contract-fixtures.ts';

const usdt = 100_000_000n;
const brackets = marketBrackets(ethMarket.brackets) ?? [];
const ethSpec = knownMarkets.find((spec) => spec.symbol === 'ETHUSDT');
if (!ethSpec) throw new Error('ETHUSDT is not in the catalog');
const serverMarket = contractMarketOf(ethSpec, 5n, { makerPpm: 200, takerPpm: 500 });

function context(overrides: Partial<ReviewContext> = {}): ReviewContext {
  return {
    market: ethMarket,
    brackets,
    mark: 3000n * usdt,
    available: 1000n * usdt,
    walletTotal: 1000n * usdt,
    positions: [],
    marks: { mark: () => null, brackets: () => brackets },
    book: null,
    ...overrides,
  };
}

const form = (overrides: Partial<ContractOrderForm>): ContractOrderForm => ({
  ...emptyContractForm,
  price: '3000',
  quantity: '0.1',
  ...overrides,
});

/** The position the server holds after the order filled at its limit price, as it shows it. */
function served(
  direction: 'long' | 'short',
  quantity: bigint,
  price: bigint,
  leverage: number,
  marginMode: 'isolated' | 'cross',
  backing: (margin: bigint) => bigint,
) {
  const cost = notional(quantity, price);
  const margin = initialMargin(quantity, price, leverage);
  const opened = newPosition({
    id: 1,
    userId: 1,
    symbol: 'ETHUSDT',
    direction,
    marginMode,
    leverage,
    openedAt: new Date(0),
  });
  const state = { ...opened, quantity, cost, margin };
  return positionView(state, serverMarket, price, backing(margin));
}

const decimal = (atoms: bigint, scale: number) => priceAtScale(atoms, scale);

describe('the liquidation estimate', () => {
  it('is the isolated position’s shown liquidation price, whatever the order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100_000, max: 1_000_000 }),
        fc.integer({ min: 10, max: 50_000 }),
        fc.integer({ min: 1, max: 100 }),
        fc.constantFrom('long' as const, 'short' as const),
        (cents, lots, leverage, direction) => {
          const price = BigInt(cents) * 1_000_000n;
          const quantity = BigInt(lots) * 10_000n;
          const review = reviewContractOrder(
            form({
              direction,
              price: decimal(price, 2),
              quantity: decimal(quantity, 4),
              leverage,
            }),
            context({ available: null, mark: price }),
          );
          const shown = served(direction, quantity, price, leverage, 'isolated', (m) => m);
          const estimate = review.liquidation;
          if (shown.liquidation_price === null) expect(estimate).toBe('none');
          else if (estimate === null || estimate === 'none')
            expect.fail(`no estimate: ${estimate}`);
          else expect(decimal(estimate.price, 2)).toBe(shown.liquidation_price);
        },
      ),
    );
  });

  it('backs a cross position with the wallet less the fee, as the server does', () => {
    const price = 3000n * usdt;
    const quantity = usdt;
    const review = reviewContractOrder(
      form({ marginMode: 'cross', leverage: 20, quantity: '1' }),
      context({ walletTotal: 500n * usdt }),
    );
    const fee = orderCost({ direction: 'long', quantity, price, leverage: 20 }, price, 500).fee;
    const shown = served('long', quantity, price, 20, 'cross', () => 500n * usdt - fee);
    const estimate = review.liquidation;
    if (estimate === null || estimate === 'none') throw new Error(`no estimate: ${estimate}`);
    expect(decimal(estimate.price, 2)).toBe(shown.liquidation_price);
  });

  it('says a long backed by more than its notional cannot be liquidated', () => {
    const review = reviewContractOrder(
      form({ marginMode: 'cross', leverage: 1 }),
      context({ walletTotal: 10_000n * usdt }),
    );
    expect(review.liquidation).toBe('none');
  });

  it('is shown as a price with its unit, and as nothing to show when there is none', () => {
    const cross = form({ marginMode: 'cross', leverage: 1 });
    const backed = formattedReview(cross, context({ walletTotal: 10_000n * usdt }), 'en');
    expect(backed.liquidation).toBeNull();
    const isolated = formattedReview(form({ leverage: 20, quantity: '1' }), context(), 'en');
    expect(isolated.liquidation).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  });
});

describe('cost and maxima', () => {
  it('costs what the server holds: margin, open loss and the taker fee', () => {
    const review = reviewContractOrder(form({ price: '3010' }), context());
    const expected = orderCost(
      { direction: 'long', quantity: 10_000_000n, price: 3010n * usdt, leverage: 10 },
      3000n * usdt,
      500,
    );
    expect(review.cost).toBe(expected.total);
  });

  it('offers the most whole lots the balance covers, and no more', () => {
    const review = reviewContractOrder(form({ quantity: '' }), context());
    const costOf = (quantity: bigint) =>
      orderCost(
        { direction: 'long', quantity, price: 3000n * usdt, leverage: 10 },
        3000n * usdt,
        500,
      ).total;
    const most = review.maxLong ?? 0n;
    expect(most % 10_000n).toBe(0n);
    expect(costOf(most)).toBeLessThanOrEqual(1000n * usdt);
    expect(costOf(most + 10_000n)).toBeGreaterThan(1000n * usdt);
    // A short above the mark opens with no loss, so it may be as large.
    expect(review.maxShort).toBe(most);
  });

  it('keeps the maxima within the bracket the leverage allows', () => {
    // 125× is allowed up to 50,000 USDT of notional: 16.6666 ETH at 3,000.
    const rich = context({ available: 100_000n * usdt, walletTotal: 100_000n * usdt });
    const review = reviewContractOrder(form({ quantity: '', leverage: 125 }), rich);
    expect(review.maxLong).toBe(166_666n * 10_000n);
  });

  it('takes a share of the maximum in whole lots', () => {
    expect(shareOf('1.2345', 25, '0.0001')).toBe('0.3086');
    expect(shareOf('1.2345', 100, '0.0001')).toBe('1.2345');
    expect(shareOf(null, 50, '0.0001')).toBeNull();
  });
});

describe('problems, in screen order', () => {
  const problem = (overrides: Partial<ContractOrderForm>, with_: Partial<ReviewContext> = {}) =>
    reviewContractOrder(form(overrides), context(with_)).problem;

  it('names the field and the rule', () => {
    expect(problem({ price: '' })).toEqual({ field: 'price', rule: 'required' });
    expect(problem({ price: '3000.005' })).toEqual({ field: 'price', rule: 'offStep' });
    expect(problem({ quantity: '0.00015' })).toEqual({ field: 'quantity', rule: 'offStep' });
    expect(problem({ quantity: '0.001' })).toEqual({ field: 'quantity', rule: 'belowMinimum' });
    expect(problem({ quantity: '4' })).toEqual({ field: 'quantity', rule: 'insufficient' });
    expect(problem({ quantity: '20', leverage: 125 }, { available: null })).toEqual({
      field: 'leverage',
      rule: 'leverageTooHigh',
    });
  });

  it('checks take-profit and stop-loss against the entry and the liquidation estimate', () => {
    const tpsl = (tp: string, sl: string) => problem({ tpSl: true, tp, sl });
    expect(tpsl('', '')).toEqual({ field: 'tp', rule: 'required' });
    expect(tpsl('2900', '')).toEqual({ field: 'tp', rule: 'takeProfitSide' });
    expect(tpsl('3300', '3100')).toEqual({ field: 'sl', rule: 'stopLossSide' });
    // A 10× long at 3,000 is liquidated near 2,711: a stop-loss below that would never trigger.
    expect(tpsl('3300', '2700')).toEqual({ field: 'sl', rule: 'stopLossSide' });
    expect(tpsl('3300', '2850')).toBeNull();
  });
});

describe('the rules the server applies at open', () => {
  const problem = (overrides: Partial<ContractOrderForm>, with_: Partial<ReviewContext> = {}) =>
    reviewContractOrder(form(overrides), context(with_)).problem;

  it('keeps a limit buy at most 1.05 × the mark and a sell at least 0.95 ×, with the range', () => {
    expect(problem({ price: '3150.01' })).toEqual({
      field: 'price',
      rule: 'outsideBand',
      range: { min: 1_000_000n, max: 3150n * usdt },
    });
    expect(problem({ price: '3150' })).toBeNull();
    expect(problem({ direction: 'short', price: '2849.99' })).toMatchObject({
      rule: 'outsideBand',
      range: { min: 2850n * usdt, max: 340_000n * usdt },
    });
    // A bid far below the mark only rests: it is taken.
    expect(problem({ price: '1500' })).toBeNull();
    const shown = formattedReview(form({ price: '3200' }), context(), 'en').problem;
    expect(shown?.params).toMatchObject({ min: '0.01', max: '3,150.00' });
  });

  it('refuses a take-profit the mark would set off at once', () => {
    // A long resting at 3,000 while the mark is 3,100: a take-profit at 3,050 would fire on fill.
    const markAbove = { mark: 3100n * usdt };
    expect(problem({ tpSl: true, tp: '3050' }, markAbove)).toEqual({
      field: 'tp',
      rule: 'takeProfitSide',
    });
    expect(problem({ tpSl: true, tp: '3150' }, markAbove)).toBeNull();
  });

  it('judges a limit that crosses the book at the best opposite price it will trade at', () => {
    const asks = [[3000n * usdt, usdt]] as const;
    const crossing = form({ price: '3050', tpSl: true, sl: '3020' });
    const markNear = { mark: 3040n * usdt };
    // Without the book the entry is the limit, and 3,020 lies below it and the mark.
    expect(reviewContractOrder(crossing, context(markNear)).problem).toBeNull();
    expect(
      reviewContractOrder(crossing, context({ ...markNear, book: { asks, bids: [] } })).problem,
    ).toEqual({ field: 'sl', rule: 'stopLossSide' });
  });
});

describe('a market order', () => {
  const asks = [
    [3001n * usdt, 5_000_000n],
    [3002n * usdt, 5_000_000n],
  ] as const;

  it('walks the perpetual’s book for its worst and average price', () => {
    expect(walkBook(asks, 10_000_000n)).toEqual({
      worst: 3002n * usdt,
      average: 30015n * 10_000_000n,
    });
    expect(walkBook([], 1n)).toBeNull();
  });

  it('is held at the worst level it reaches, and priced at the mark without a book', () => {
    const market = form({ type: 'market', price: '' });
    const withBook = reviewContractOrder(market, context({ book: { asks, bids: [] } }));
    expect(withBook.price).toBe(3002n * usdt);
    expect(reviewContractOrder(market, context()).price).toBe(3000n * usdt);
    expect(reviewContractOrder(market, context({ mark: null })).cost).toBeNull();
  });
});
