// A committed contract batch as the Binance events of one user's perpetuals stream (docs/api-binance.md
// § "User data streams"): an `ORDER_TRADE_UPDATE` for each thing that happened to each of their
// orders, in order (placed, each trade, then cancelled, expired or liquidated), and an
// `ACCOUNT_UPDATE` with their USDT wallet and changed positions. Pure: trade ids and client order
// ids, which the database holds, are handed in; the orders and positions are the app's own views
// (private-frames.ts), worded as the door's REST answers word them (binance-views.ts): quantities
// at the market's scale, as `origQty` and `executedQty` are.
import { fromUnits } from '../../core/market/units.ts';
import { displayAmount, parseAmount } from '../../core/money.ts';
import type { ContractOrder } from '../../schemas/api/contract.schema.ts';
import { binanceOrder, binancePosition, defaultClientOrderId } from './binance-views.ts';
import type { ContractCommitted, ContractEngine } from './contract-engine.ts';
import { quantityAtoms } from './contract-markets.ts';
import { quantityText } from './contract-views.ts';
import type { ContractFrame } from './private-frames.ts';

export interface UsdmLookups {
  /** The id of the commit's `fills[i]`. */
  tradeIds: readonly (number | undefined)[];
  clientIds: ReadonlyMap<number, string>;
}

type Event = Record<string, unknown>;

/** The user's events for a commit, oldest first, from the user's frames of it. */
export function usdmUserEvents(
  engine: ContractEngine,
  committed: ContractCommitted,
  frames: readonly ContractFrame[],
  userId: number,
  lookups: UsdmLookups,
): Event[] {
  const events: Event[] = [];
  for (const frame of frames) {
    if (frame.userId !== userId || frame.channel !== 'contract-orders') continue;
    for (const view of frame.data) events.push(...orderUpdates(engine, committed, view, lookups));
  }
  const account = accountUpdate(engine, committed, frames, userId);
  if (account) events.push(account);
  return events;
}

function orderUpdates(
  engine: ContractEngine,
  committed: ContractCommitted,
  view: ContractOrder,
  lookups: UsdmLookups,
): Event[] {
  const market = engine.markets.get(view.symbol);
  const state = committed.effects.orders.get(view.id);
  if (!market || !state) return [];
  const client = lookups.clientIds.get(view.id) ?? defaultClientOrderId(view);
  const order = binanceOrder(view, displayAmount(state.filledValue), client);
  const base = (execution: string, status: string, filled: bigint): Event => ({
    s: order.symbol,
    c: client,
    S: order.side,
    o: order.type,
    f: 'GTC',
    q: order.origQty,
    p: order.price,
    ap: order.avgPrice,
    sp: '0',
    x: execution,
    X: status,
    i: view.id,
    l: '0',
    z: quantityText(market, filled),
    L: '0',
    N: 'USDT',
    n: '0',
    T: committed.ts,
    t: 0,
    b: '0',
    a: '0',
    m: false,
    R: order.reduceOnly,
    wt: 'CONTRACT_PRICE',
    ot: order.type,
    ps: 'BOTH',
    cp: false,
    rp: '0',
    pP: false,
    si: 0,
    ss: 0,
    V: 'NONE',
    pm: 'NONE',
    gtd: 0,
  });
  const wrap = (o: Event): Event => ({
    e: 'ORDER_TRADE_UPDATE',
    E: committed.ts,
    T: committed.ts,
    o,
  });

  const trades = committed.effects.fills.flatMap((fill, index) => {
    const taker = fill.takerOrderId === view.id;
    if (!taker && fill.makerOrderId !== view.id) return [];
    return [{ fill, index, maker: !taker }];
  });
  const updates: Event[] = [];
  // Placed in this commit: the batch gives its orders its own time.
  if (state.createdAt.getTime() === committed.ts) updates.push(wrap(base('NEW', 'NEW', 0n)));
  // Each trade's cumulative quantity: the order's final one less what later trades added.
  let later = 0n;
  const cumulative: bigint[] = [];
  for (let i = trades.length - 1; i >= 0; i--) {
    cumulative[i] = state.filledQuantity - later;
    later += quantityAtoms(market, trades[i]?.fill.quantity ?? 0);
  }
  trades.forEach(({ fill, index, maker }, i) => {
    const last = i === trades.length - 1;
    const status =
      last && ['FILLED', 'PARTIALLY_FILLED'].includes(order.status)
        ? order.status
        : 'PARTIALLY_FILLED';
    updates.push(
      wrap({
        ...base('TRADE', status, cumulative[i] ?? 0n),
        l: quantityText(market, quantityAtoms(market, fill.quantity)),
        L: fromUnits(fill.price, market.priceScale),
        n: displayAmount(maker ? fill.makerFee : fill.takerFee),
        t: lookups.tradeIds[index] ?? 0,
        m: maker,
        rp: displayAmount(maker ? fill.makerPnl : fill.takerPnl),
      }),
    );
  });
  const ended = endOf(order.status, view);
  if (ended) updates.push(wrap(base(ended, order.status, state.filledQuantity)));
  return updates;
}

/** How an order that left the book is told: cancelled, expired, or closed by a liquidation. */
function endOf(status: string, view: ContractOrder): string | null {
  if (status === 'CANCELED') return 'CANCELED';
  if (status.startsWith('EXPIRED'))
    return view.purpose === 'liquidation' ? 'CALCULATED' : 'EXPIRED';
  return null;
}

function accountUpdate(
  engine: ContractEngine,
  committed: ContractCommitted,
  frames: readonly ContractFrame[],
  userId: number,
): Event | null {
  const balances: Event[] = [];
  const positions: Event[] = [];
  for (const frame of frames) {
    if (frame.userId !== userId) continue;
    if (frame.channel === 'balances') {
      for (const row of frame.data) {
        if (row.wallet !== 'contract' || row.asset !== 'USDT') continue;
        const total = (parseAmount(row.available) ?? 0n) + (parseAmount(row.frozen) ?? 0n);
        balances.push({ a: 'USDT', wb: displayAmount(total), cw: displayAmount(total), bc: '0' });
      }
    }
    if (frame.channel === 'positions') {
      for (const view of frame.data) {
        const market = engine.markets.get(view.symbol);
        if (!market) continue;
        const closed = view.status === 'closed';
        const risk = binancePosition(view, market);
        positions.push({
          s: view.symbol,
          pa: closed ? '0' : risk.positionAmt,
          ep: closed ? '0' : risk.entryPrice,
          bep: closed ? '0' : risk.entryPrice,
          cr: '0',
          up: closed ? '0' : risk.unRealizedProfit,
          mt: risk.marginType,
          iw: closed ? '0' : risk.isolatedWallet,
          ps: 'BOTH',
        });
      }
    }
  }
  if (balances.length === 0 && positions.length === 0) return null;
  return {
    e: 'ACCOUNT_UPDATE',
    E: committed.ts,
    T: committed.ts,
    a: { m: 'ORDER', B: balances, P: positions },
  };
}
