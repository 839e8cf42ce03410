// Converting small balances to USDT (docs/spot.md § "Small balances"): the caller's funding
// balances as they stand now, each priced on its own USDT market's book by the pure preview
// (core/wallet/small-balances.ts), then each qualifying one sold by a real market sell through
// its market's writer, so the sale is settled, fee and all, by the same ledger postings as any
// order. The books and the writers are reached through the spot service, wherever each market's
// writer runs (here, or on the node holding its lease: server/spot/dust-sales.ts). Only the
// caller's own balances are read and sold: the user is the session's.
import { formatAmount, parseAmount } from '../../core/money.ts';
import {
  type ConversionLine,
  type ConversionPreview,
  previewConversion,
  type SmallBalanceMarket,
  smallBalanceThreshold,
} from '../../core/wallet/small-balances.ts';
import {
  convertSmallBalances,
  type SmallBalanceLine,
  type SmallBalancesConversion,
  type SmallBalancesPreview,
} from '../../schemas/api/small-balances.schema.ts';
import type { SpotOrder } from '../../schemas/api/spot.schema.ts';
import type { Db } from '../db/database.ts';
import { BusinessError } from '../http/business-error.ts';
import { idempotent, keptAnswer } from '../http/idempotency.ts';
import type { IdempotencyKey } from './market-writer.ts';
import type { SpotMarket } from './spot-markets.ts';

/** What the conversion needs of spot (server/spot/spot-service.ts `SpotService`). */
export interface DustMarkets {
  /** Every listed spot market. */
  markets(): SpotMarket[];
  /** The market's bid levels in ticks and lots' units, best first, wherever its writer runs. */
  bidsOf(symbol: string): readonly (readonly [price: number, quantity: number])[];
  /** A dust sale on the market's writer: here, or handed over to the node that runs it. */
  sellDust(
    symbol: string,
    userId: number,
    quantity: number,
    key: IdempotencyKey,
  ): Promise<SpotOrder>;
}

/** A USDT market as the preview prices on it, and what its sale needs. */
interface DustMarket extends SmallBalanceMarket {
  market: SpotMarket;
}

/** 10^(8 - scale): how many atoms one unit of a market's price or quantity is. */
const atomsPer = (scale: number) => 10n ** BigInt(8 - scale);

/** The caller's funding balances that hold anything, asset → available atoms. */
async function fundingOf(db: Db, userId: number): Promise<Map<string, bigint>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['asset', 'available'])
    .where('user_id', '=', userId)
    .where('wallet', '=', 'funding')
    .execute();
  return new Map(rows.map((row) => [row.asset, parseAmount(String(row.available)) ?? 0n]));
}

/** Each USDT market's book as it stands in its writer, by base asset, in atoms. */
function marketsOf(spot: DustMarkets): Map<string, DustMarket> {
  const markets = new Map<string, DustMarket>();
  for (const market of spot.markets()) {
    if (market.quote !== 'USDT') continue;
    const price = atomsPer(market.priceScale);
    const quantity = atomsPer(market.quantityScale);
    markets.set(market.base, {
      asset: market.base,
      bids: spot
        .bidsOf(market.symbol)
        .map(([p, q]) => [BigInt(p) * price, BigInt(q) * quantity] as const),
      lot: BigInt(market.rules.lotSize) * quantity,
      takerFeePpm: market.fees.takerPpm,
      market,
    });
  }
  return markets;
}

function lineView(line: ConversionLine, symbol: string): SmallBalanceLine {
  return {
    asset: line.asset,
    symbol,
    held: formatAmount(line.held),
    sold: formatAmount(line.sold),
    left: formatAmount(line.left),
    avg_price: formatAmount(line.average),
    gross: formatAmount(line.gross),
    fee: formatAmount(line.fee),
    receive: formatAmount(line.receive),
  };
}

async function previewNow(db: Db, spot: DustMarkets, userId: number) {
  const markets = marketsOf(spot);
  const preview: ConversionPreview = previewConversion(await fundingOf(db, userId), markets);
  return { preview, markets };
}

/** What converting the caller's small balances would give now. */
export async function smallBalancesPreview(
  db: Db,
  spot: DustMarkets,
  userId: number,
): Promise<SmallBalancesPreview> {
  const { preview, markets } = await previewNow(db, spot, userId);
  return {
    list: preview.lines.map((line) => lineView(line, markets.get(line.asset)?.market.symbol ?? '')),
    total: formatAmount(preview.total),
    threshold: formatAmount(smallBalanceThreshold),
  };
}

/**
 * Converts what qualifies now, not what a preview showed: a balance that changed since is sold as
 * it stands (or left out once it no longer qualifies). Each sale carries a key derived from the
 * call's, so a retry never sells twice; the whole answer is kept under the call's key once every
 * sale has answered, and a retry after that gets it unrun. Nothing sold is refused by name.
 */
export async function convertSmallBalancesNow(
  db: Db,
  spot: DustMarkets,
  userId: number,
  key: string,
): Promise<SmallBalancesConversion> {
  const call = { db, userId, key, path: convertSmallBalances.path, request: {} };
  const kept = await keptAnswer<SmallBalancesConversion>(call);
  if (kept) return kept.response;
  const { preview, markets } = await previewNow(db, spot, userId);
  const sales = await Promise.allSettled(
    preview.lines.map(async (line) => {
      const market = markets.get(line.asset)?.market;
      // The preview's lines come from these very markets.
      if (!market) throw new Error(`no USDT market sells ${line.asset}`);
      const quantity = Number(line.sold / atomsPer(market.quantityScale));
      const order = await spot.sellDust(market.symbol, userId, quantity, {
        userId,
        key: `${key}:${line.asset}`,
        path: convertSmallBalances.path,
        request: { asset: line.asset, quantity },
      });
      return { line, order };
    }),
  );
  const list: SmallBalancesConversion['list'] = [];
  let total = 0n;
  for (const sale of sales) {
    if (sale.status === 'rejected') {
      // A sale refused on its own (its balance left between the read and the batch, the book
      // emptied) is left out; anything else is the server's failure and answered as one. So is a
      // sale whose market's node did not answer (`engine_unavailable`): it may have run, so the
      // answer is not kept without it, and a retry with the call's key asks again under the same
      // sale key, which answers what was sold.
      if (sale.reason instanceof BusinessError && sale.reason.errorName !== 'engine_unavailable') {
        continue;
      }
      throw sale.reason;
    }
    const { line, order } = sale.value;
    const sold = parseAmount(order.filled_quantity) ?? 0n;
    if (sold === 0n) continue;
    const gross = parseAmount(order.filled_quote) ?? 0n;
    const fee = parseAmount(order.fee) ?? 0n;
    total += gross - fee;
    list.push({
      ...lineView(line, order.symbol),
      sold: formatAmount(sold),
      left: formatAmount(line.held - sold),
      avg_price: order.avg_price ?? formatAmount(line.average),
      gross: formatAmount(gross),
      fee: formatAmount(fee),
      receive: formatAmount(gross - fee),
      order_id: order.id,
    });
  }
  if (list.length === 0) throw new BusinessError('nothing_to_convert');
  const answer = { list, total: formatAmount(total) };
  return idempotent(call, async () => answer);
}
