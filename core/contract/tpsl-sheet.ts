// The TP/SL sheet of a held position, checked before anything is sent: each typed price on the
// market's tick and against the server's rule (`tpSlProblem`, the mark and the liquidation price
// included), the quantity on the lot and within the position, and what closing that quantity at
// each price would realize. Each field is judged on its own, so the sheet can say which one is
// wrong. Prices are quote atoms per coin, quantities base atoms, amounts USDT atoms.
import type { Direction } from './margin.ts';
import { type ContractRule, typedAtoms } from './order-form.ts';
import { floorDiv } from './rounding.ts';
import { type TpSlGround, tpSlProblem } from './tpsl.ts';

export type TpSlSheetField = 'tp' | 'sl' | 'quantity';

/** What a field of the sheet breaks: the order form's rules, or more than the position holds. */
export type TpSlSheetRule = Exclude<ContractRule, 'required'> | 'aboveSize';

export interface TpSlSheetTyped {
  /** Plain decimals as typed; an empty price clears it, an empty quantity means the whole position. */
  tp: string;
  sl: string;
  quantity: string;
}

export interface TpSlSheetPosition extends TpSlGround {
  /** Base atoms held. */
  quantity: bigint;
  priceScale: number;
  quantityScale: number;
  tick: bigint;
  lot: bigint;
}

export interface TpSlSheetCheck {
  problems: Partial<Record<TpSlSheetField, TpSlSheetRule>>;
  /** Base atoms the trigger closes: the typed quantity, or the whole position. */
  closing: bigint | null;
  /** USDT atoms realized by closing `closing` at the price; null without a valid price. */
  tpPnl: bigint | null;
  slPnl: bigint | null;
}

const atom = 100_000_000n;

/**
 * What closing `quantity` of a position entered at `entry` realizes at `price`, before fees:
 * quantity × direction × (price − entry), rounded down as the unrealized PnL is (Binance shows
 * the same gross figure as the order's expected PnL).
 */
export function pnlAtPrice(
  direction: Direction,
  quantity: bigint,
  entry: bigint,
  price: bigint,
): bigint {
  const sign = direction === 'long' ? 1n : -1n;
  return floorDiv(sign * quantity * (price - entry), atom);
}

function typedPrice(text: string, position: TpSlSheetPosition): bigint | TpSlSheetRule | null {
  const atoms = typedAtoms(text, position.priceScale, position.tick);
  if (atoms === 'required') return null;
  return atoms;
}

/** The sheet's fields judged each on its own, and the PnL at each valid price. */
export function checkTpSlSheet(position: TpSlSheetPosition, typed: TpSlSheetTyped): TpSlSheetCheck {
  const problems: TpSlSheetCheck['problems'] = {};
  const tp = typedPrice(typed.tp, position);
  const sl = typedPrice(typed.sl, position);
  let tpAtoms: bigint | null = null;
  let slAtoms: bigint | null = null;
  if (typeof tp === 'string') problems.tp = tp;
  else if (tp !== null) {
    if (tpSlProblem(position, tp, null) === null) tpAtoms = tp;
    else problems.tp = 'takeProfitSide';
  }
  if (typeof sl === 'string') problems.sl = sl;
  else if (sl !== null) {
    if (tpSlProblem(position, null, sl) === null) slAtoms = sl;
    else problems.sl = 'stopLossSide';
  }
  let closing: bigint | null = position.quantity;
  if (typed.quantity.trim() !== '') {
    const part = typedAtoms(typed.quantity, position.quantityScale, position.lot);
    if (typeof part === 'string') {
      problems.quantity = part === 'required' ? 'invalid' : part;
      closing = null;
    } else if (part > position.quantity) {
      problems.quantity = 'aboveSize';
      closing = null;
    } else closing = part;
  }
  const at = (price: bigint | null) =>
    price === null || closing === null
      ? null
      : pnlAtPrice(position.direction, closing, position.entry, price);
  return { problems, closing, tpPnl: at(tpAtoms), slPnl: at(slAtoms) };
}
