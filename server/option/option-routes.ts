// The second contract's calls (`/option/*`), and `/market/second` (the second-contract market list
// with each market's products). Placing goes through the writer with its idempotency key; another
// user's contract is verifiable (its prints and outcome are public) but its stake and payout are
// not shown.
import { displayAmount, formatAmount, parseAmount } from '../../core/money.ts';
import { secondMarkets } from '../../schemas/api/market.schema.ts';
import {
  optionLimits,
  optionOrder,
  optionOrders,
  optionProducts,
  optionVerify,
  setOptionLimit,
} from '../../schemas/api/option.schema.ts';
import type { Db } from '../db/database.ts';
import { BusinessError } from '../http/business-error.ts';
import { idempotencyKeyOf } from '../http/idempotency.ts';
import type { Router } from '../http/router.ts';
import { tickersOf } from '../market/market-routes.ts';
import type { MarketService } from '../market/market-service.ts';
import { lossLimits, setLossLimit } from './loss-limits.ts';
import type { OptionService } from './option-service.ts';
import { findContract, listContracts } from './option-store.ts';
import { optionView, rateText } from './option-views.ts';
import { verification } from './verification.ts';

/** Stakes are whole cents of USDT. */
const stakeDecimals = 2;

export function optionRoutes(
  router: Router,
  deps: { db: Db; now(): number; market: MarketService },
  service: OptionService,
): void {
  const { db, now } = deps;
  const { settings } = service;
  const products = () =>
    settings.products.map((product) => ({
      unit: product.unit,
      length: product.length,
      payout_rate: rateText(product.ratePpm),
    }));

  router.add(secondMarkets, async () => ({
    simulated: deps.market.simulated,
    list: tickersOf(deps.market, now()).filter((ticker) => service.symbols.includes(ticker.symbol)),
    durations: products().map(({ unit, length, payout_rate }) => ({
      unit,
      value: length,
      payout_rate,
    })),
  }));

  // Closed on a predictable feed, the markets are still listed (the page says why nothing opens);
  // switched off, there are none.
  router.add(optionProducts, async () => ({
    enabled: service.closure === null,
    ...(service.closure ? { closed_reason: service.closure } : {}),
    markets: [...service.symbols],
    products: service.closure ? [] : products(),
    min_stake: displayAmount(settings.minStake),
    max_stake: displayAmount(settings.maxStake),
    open_limit: settings.openLimit,
  }));

  router.add(optionOrder, async (input, { session, request }) => {
    const key = idempotencyKeyOf(request);
    const stake = parseAmount(input.amount);
    if (stake === null || stake % 10n ** BigInt(8 - stakeDecimals) !== 0n) {
      throw new BusinessError('amount_invalid');
    }
    return service.writer.order(
      {
        userId: session.userId,
        symbol: input.symbol,
        direction: input.direction,
        unit: input.unit,
        length: input.length,
        stake,
      },
      { userId: session.userId, key, path: optionOrder.path, request: input },
    );
  });

  router.add(optionOrders, async ({ status, symbol, page, size }, { session }) => {
    const { list, total } = await listContracts(db, {
      userId: session.userId,
      open: status === 'current',
      ...(symbol ? { symbol } : {}),
      page,
      size,
    });
    return {
      list: list.map(({ row, settlement }) => optionView(row, settlement)),
      total,
      page,
      size,
    };
  });

  router.add(optionVerify, async ({ id }, { session }) => {
    const found = await findContract(db, id);
    if (!found) throw new BusinessError('option_not_found');
    return verification(db, found, session.userId, now(), settings.printRetentionMs);
  });

  router.add(optionLimits, async (_input, { session }) =>
    lossLimits(db, session.userId, settings.dailyLossLimit, now()),
  );

  router.add(setOptionLimit, async ({ daily_limit }, { session }) => {
    const limit = parseAmount(daily_limit);
    if (limit === null || limit <= 0n || limit > settings.dailyLossLimit) {
      throw new BusinessError('loss_limit_invalid', {
        amount: formatAmount(settings.dailyLossLimit),
      });
    }
    return setLossLimit(db, session.userId, limit, settings.dailyLossLimit, now());
  });
}
