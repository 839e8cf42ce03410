// Converting small balances to USDT, previewed before it is asked for (docs/wallet.md § "Small
// balances"): which funding balances qualify, and what each would give sold at market on its own
// spot book at the moment: walked through the bids best first, in whole lots (what is under a lot
// stays), less the taker fee as the engine charges it (server/spot/settlement.ts: rounded up per
// fill). Pure and exact: amounts, prices and quantities are atoms (10⁻⁸), quote = price × quantity.

import { type WalkLevel, walkLevels } from '../market/book-walk.ts';
import { feeOn } from '../market/order-math.ts';

const atom = 10n ** 8n;

/**
 * A balance is small when what it holds is worth less than this at its book's best bid:
 * 10 USDT, the order of the "small balance" line large exchanges draw in USDT terms, and twice the
 * smallest order most of their books take, so what qualifies is what a user cannot easily sell.
 */
export const smallBalanceThreshold = 10n * atom;

/** A spot market a balance can be sold on, as its book stands now. */
export interface SmallBalanceMarket {
  /** The base asset; the quote is USDT. */
  asset: string;
  /** Bids best first, `[price, quantity]` in atoms. */
  bids: readonly WalkLevel[];
  /** The market's lot, in atoms of the base. */
  lot: bigint;
  /** The taker's fee, parts per million of what the seller receives. */
  takerFeePpm: number;
}

/** What one balance would give. */
export interface ConversionLine {
  asset: string;
  held: bigint;
  /** Whole lots of what is held that the bids take. */
  sold: bigint;
  /** What stays: under a lot, or beyond what the book bids for. */
  left: bigint;
  /** The sold quantity's average price, rounded half up; the walk's best and worst prices. */
  average: bigint;
  best: bigint;
  worst: bigint;
  /** USDT before the fee (each level's price × quantity, cut to the atom), the fee, and the rest. */
  gross: bigint;
  fee: bigint;
  receive: bigint;
}

export interface ConversionPreview {
  lines: ConversionLine[];
  /** Σ receive. */
  total: bigint;
}

/** A balance's worth at its book's best bid, cut to the atom; null without a bid. */
export function worthAtBestBid(held: bigint, market: SmallBalanceMarket): bigint | null {
  const best = market.bids[0]?.[0];
  return best === undefined ? null : (held * best) / atom;
}

/**
 * The preview of converting every small balance of `held` (asset → funding available, atoms):
 * not USDT, a market to sell it on, worth less than the threshold at the best bid, and at least one
 * lot the bids take. Empty lines when nothing qualifies, which the call refuses by name.
 */
export function previewConversion(
  held: ReadonlyMap<string, bigint>,
  markets: ReadonlyMap<string, SmallBalanceMarket>,
  threshold: bigint = smallBalanceThreshold,
): ConversionPreview {
  const lines: ConversionLine[] = [];
  for (const [asset, amount] of [...held].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const market = markets.get(asset);
    if (asset === 'USDT' || !market || amount <= 0n || market.lot <= 0n) continue;
    const worth = worthAtBestBid(amount, market);
    if (worth === null || worth >= threshold) continue;
    const line = sellLine(asset, amount, market);
    if (line) lines.push(line);
  }
  return { lines, total: lines.reduce((sum, line) => sum + line.receive, 0n) };
}

/** A market sell of the whole lots of `held`, walked through the bids; null when none fills. */
function sellLine(asset: string, held: bigint, market: SmallBalanceMarket): ConversionLine | null {
  const lots = (held / market.lot) * market.lot;
  if (lots === 0n) return null;
  const walk = walkLevels(market.bids, { quantity: lots });
  if (walk.filled === 0n || walk.average === null || walk.best === null || walk.worst === null) {
    return null;
  }
  // Level by level, as the engine settles fills: quote cut to the atom, the fee rounded up.
  let left = walk.filled;
  let gross = 0n;
  let fee = 0n;
  for (const [price, size] of market.bids) {
    if (left <= 0n) break;
    if (price <= 0n || size <= 0n) continue;
    // The lesser of what is left and what rests here (Math.min takes no bigint).
    let taken = size;
    if (left < size) taken = left;
    const quote = (taken * price) / atom;
    gross += quote;
    fee += feeOn(quote, market.takerFeePpm);
    left -= taken;
  }
  const receive = gross > fee ? gross - fee : 0n;
  return {
    asset,
    held,
    sold: walk.filled,
    left: held - walk.filled,
    average: walk.average,
    best: walk.best,
    worst: walk.worst,
    gross,
    fee: gross > fee ? fee : gross,
    receive,
  };
}
