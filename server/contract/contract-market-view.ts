// A perpetual market as `/contract/markets` answers it: its rules and brackets, the latest index
// and mark, and the coming funding round's rate and time.
import { bandView } from '../../core/market/price-band.ts';
import { fromUnits } from '../../core/market/units.ts';
import { displayAmount } from '../../core/money.ts';
import type { ContractMarket as MarketView } from '../../schemas/api/contract.schema.ts';
import type { MarketService } from '../market/market-service.ts';
import { feeFields, ruleFields, trimZeros } from '../market-kernel/book-market.ts';
import type { ContractEngine } from './contract-engine.ts';
import { type ContractMarket, priceAtoms } from './contract-markets.ts';
import { priceText } from './contract-views.ts';
import type { FundingClock } from './funding-clock.ts';

export function marketView(
  market: ContractMarket,
  engine: ContractEngine,
  markets: MarketService,
  funding: FundingClock,
  now: number,
): MarketView {
  const index = markets.market(market.symbol)?.indexAt(now).price ?? null;
  const mark = engine.marks.latest(market.symbol);
  return {
    ...ruleFields(market),
    price_band: bandView(market.band),
    max_leverage: market.maxLeverage,
    ...feeFields(market),
    brackets: market.brackets.map((bracket) => ({
      notional_cap: displayAmount(bracket.notionalCap),
      max_leverage: bracket.maxLeverage,
      maintenance_rate: trimZeros(fromUnits(bracket.mmrPpm, 6)),
      maintenance_amount: displayAmount(bracket.cum),
    })),
    index_price: index === null ? null : priceText(market, priceAtoms(market, index)),
    mark_price: mark === null ? null : priceText(market, mark),
    funding_rate: rateText(funding.estimatedRate(market.symbol)),
    next_funding_time: new Date(funding.nextFunding(now)).toISOString(),
  };
}

/** A rate in parts per 10^8 as a fraction (`10000` → `0.0001`). */
export function rateText(rate: bigint): string {
  return displayAmount(rate);
}
