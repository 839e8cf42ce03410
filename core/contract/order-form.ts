// The perpetual order form as typed, and its values as the margin formulas take them: long or
// short, limit or market, price and quantity on the market's tick and lot, leverage and margin
// mode, and the optional take-profit and stop-loss. Everything is exact (atoms); the server checks
// again and its answer is the truth.
import type { ContractMarket, MarginMode } from '../../schemas/api/contract.schema.ts';
import { parseAmount } from '../money.ts';
import type { Direction } from './margin.ts';

export type ContractOrderType = 'limit' | 'market';

export interface ContractOrderForm {
  direction: Direction;
  type: ContractOrderType;
  price: string;
  quantity: string;
  leverage: number;
  marginMode: MarginMode;
  /** Whether take-profit and stop-loss are set with the order. */
  tpSl: boolean;
  tp: string;
  sl: string;
}

export type ContractField = 'price' | 'quantity' | 'leverage' | 'tp' | 'sl';

export type ContractRule =
  | 'required'
  | 'invalid'
  /** More decimals than the market's prices or quantities have. */
  | 'offStep'
  /** Not a whole number of the market's ticks or lots. */
  | 'offTick'
  | 'belowMinimum'
  | 'insufficient'
  /** Above what the bracket of the position's size allows. */
  | 'leverageTooHigh'
  /** A take-profit not beyond the entry and the mark in the position's favour. */
  | 'takeProfitSide'
  /** A stop-loss not against the entry and the mark, or past the estimated liquidation price. */
  | 'stopLossSide'
  /** A limit price outside the market's band around the mark. */
  | 'outsideBand';

export interface ContractProblem {
  field: ContractField;
  rule: ContractRule;
  /** For `outsideBand`: the prices taken now, quote atoms. */
  range?: { min: bigint; max: bigint };
}

/** Binance opens its form at 20×; we open at 10×, a level a newcomer is less likely to regret. */
export const defaultLeverage = 10;

export const emptyContractForm: ContractOrderForm = {
  direction: 'long',
  type: 'limit',
  price: '',
  quantity: '',
  leverage: defaultLeverage,
  marginMode: 'isolated',
  tpSl: false,
  tp: '',
  sl: '',
};

/** The form's values in atoms: the price is null for a market order. */
export interface ContractTerms {
  direction: Direction;
  price: bigint | null;
  quantity: bigint;
  leverage: number;
  tp: bigint | null;
  sl: bigint | null;
}

const plainDecimal = /^\d{1,20}(\.\d{1,18})?$/;

/** Atoms of a typed positive value of at most `scale` decimals, on `step`; or the rule it breaks. */
export function typedAtoms(text: string, scale: number, step: bigint): bigint | ContractRule {
  const value = text.trim();
  if (value === '') return 'required';
  if (!plainDecimal.test(value) || !/[1-9]/.test(value)) return 'invalid';
  const [whole = '0', fraction = ''] = value.split('.');
  const kept = fraction.replace(/0+$/, '');
  if (kept.length > scale) return 'offStep';
  const atoms = parseAmount(kept === '' ? whole : `${whole}.${kept}`);
  if (atoms === null) return 'invalid';
  return step > 0n && atoms % step !== 0n ? 'offTick' : atoms;
}

/** The market's tick and lot in atoms. */
export function stepsOf(market: Pick<ContractMarket, 'tick_size' | 'lot_size'>) {
  return { tick: parseAmount(market.tick_size) ?? 0n, lot: parseAmount(market.lot_size) ?? 0n };
}

/** The fields an order takes, in screen order. */
export function formFields(form: Pick<ContractOrderForm, 'type' | 'tpSl'>): ContractField[] {
  return [
    ...(form.type === 'limit' ? (['price'] as const) : []),
    'quantity',
    ...(form.tpSl ? (['tp', 'sl'] as const) : []),
  ];
}

/** The form in atoms, or the first problem of its typed values in screen order. */
export function contractTerms(
  form: ContractOrderForm,
  market: Pick<ContractMarket, 'price_scale' | 'quantity_scale' | 'tick_size' | 'lot_size'>,
): ContractTerms | ContractProblem {
  const { tick, lot } = stepsOf(market);
  const values: Partial<Record<ContractField, bigint>> = {};
  for (const field of formFields(form)) {
    const optional = field === 'tp' || field === 'sl';
    const text = form[field as 'price' | 'quantity' | 'tp' | 'sl'];
    // Either of take-profit and stop-loss may be left empty; not both.
    if (optional && text.trim() === '') continue;
    const atoms =
      field === 'quantity'
        ? typedAtoms(text, market.quantity_scale, lot)
        : typedAtoms(text, market.price_scale, tick);
    if (typeof atoms === 'string') return { field, rule: atoms };
    values[field] = atoms;
  }
  if (form.tpSl && values.tp === undefined && values.sl === undefined) {
    return { field: 'tp', rule: 'required' };
  }
  return {
    direction: form.direction,
    price: values.price ?? null,
    quantity: values.quantity ?? 0n,
    leverage: form.leverage,
    tp: values.tp ?? null,
    sl: values.sl ?? null,
  };
}

export function isContractProblem(
  value: ContractTerms | ContractProblem,
): value is ContractProblem {
  return 'rule' in value;
}
