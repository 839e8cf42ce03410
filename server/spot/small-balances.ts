// Converting small balances to USDT (docs/spot.md § "Small balances"): the caller's funding
// balances as they stand now, each priced on its own USDT market's book by the pure preview
// (core/wallet/small-balances.ts), then each qualifying one sold by a real market sell through
// its market's writer, so the sale is settled, fee and all, by the same ledger postings as any
// order. Only the caller's own balances are read and sold: the user is the session's.
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
import type { Db } from '../db/database.ts';
import { BusinessError } from '../http/business-error.ts';
import { idempotent, keptAnswer } from '../http/idempotency.ts';
import { everyLevel } from '../matching/book-levels.ts';
import type { MarketWriter } from './market-writer.ts';
import type { SpotService } from './spot-service.ts';

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
function marketsOf(spot: SpotService): Map<string, SmallBalanceMarket & { writer: MarketWriter }> {
  const markets = new Map<string, SmallBalanceMarket & { writer: MarketWriter }>();
  for (const { symbol } of spot.markets()) {
    const writer = spot.writer(symbol);
    if (writer?.market.quote !== 'USDT') continue;
    const { market } = writer;
    const price = atomsPer(market.priceScale);
    const quantity = atomsPer(market.quantityScale);
    markets.set(market.base, {
      asset: market.base,
      bids: everyLevel(writer.book, 'buy').map(
        ([p, q]) => [BigInt(p) * price, BigInt(q) * quantity] as const,
      ),
      lot: BigInt(market.rules.lotSize) * quantity,
      takerFeePpm: market.fees.takerPpm,
      writer,
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

async function previewNow(db: Db, spot: SpotService, userId: number) {
  const markets = marketsOf(spot);
  const preview: ConversionPreview = previewConversion(await fundingOf(db, userId), markets);
  return { preview, markets };
}

/** What converting the caller's small balances would give now. */
export async function smallBalancesPreview(
  db: Db,
  spot: SpotService,
  userId: number,
): Promise<SmallBalancesPreview> {
  const { preview, markets } = await previewNow(db, spot, userId);
  return {
    list: preview.lines.map((line) =>
      lineView(line, markets.get(line.asset)?.writer.market.symbol ?? ''),
    ),
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
  spot: SpotService,
  userId: number,
  key: string,
): Promise<SmallBalancesConversion> {
  const call = { db, userId, key, path: convertSmallBalances.path, request: {} };
  const kept = await keptAnswer<SmallBalancesConversion>(call);
  if (kept) return kept.response;
  const { preview, markets } = await previewNow(db, spot, userId);
  const sales = await Promise.allSettled(
    preview.lines.map(async (line) => {
      const { writer } = markets.get(line.asset) as { writer: MarketWriter };
      const quantity = Number(line.sold / atomsPer(writer.market.quantityScale));
      const order = await writer.sellDust(userId, quantity, {
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
      // emptied) is left out; anything else is the server's failure and answered as one.
      if (sale.reason instanceof BusinessError) continue;
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
