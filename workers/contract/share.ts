// The PnL card of a position, formatted: an open one at its latest mark (its live ROE), a closed one
// at its close price (realized PnL over the initial margin its entry needed). What the card needs
// and the fold lacks (a fresh page, a shared link) is loaded first.

import { realizedRoe } from '../../core/contract/position-figures.ts';
import { signedAtoms } from '../../core/market/decimal-atoms.ts';
import { closedLine } from '../../core/projections/contract-records.ts';
import type { DomainContext } from '../kernel/context.ts';
import type { Outcome } from '../kernel/outcome.ts';
import { percent, price, signOf } from './format.ts';
import { loadClosedPositions, loadContractMarkets, loadPositions } from './loaders.ts';
import { positionRow } from './rows.ts';
import type { ShareCard, ShareRef } from './types.ts';

/** Closed positions looked through for a shared one: the newest page the history gives. */
const historyPage = 100;

function openCard(context: DomainContext, id: number): ShareCard | null {
  const view = context.view();
  const position = view.contract.positions.byId[id];
  if (!position) return null;
  const row = positionRow(position, view.contract, view.balances, context.locale());
  return {
    symbol: position.symbol,
    direction: position.direction,
    leverage: position.leverage,
    roe: row.roe,
    roeSign: row.pnlSign,
    entry: row.entry,
    price: row.mark,
    closed: false,
  };
}

function closedCard(context: DomainContext, id: number): ShareCard | null {
  const view = context.view();
  const line = closedLine(view.contractRecords, id);
  if (!line) return null;
  const locale = context.locale();
  const scale = view.contract.markets[line.symbol]?.price_scale;
  const quantity = signedAtoms(line.quantity);
  const entryPrice = signedAtoms(line.entry_price);
  const pnl = signedAtoms(line.realized_pnl) ?? 0n;
  const roe =
    quantity === null || entryPrice === null || quantity === 0n
      ? '0'
      : realizedRoe(
          {
            symbol: line.symbol,
            direction: line.direction,
            marginMode: line.margin_mode,
            leverage: line.leverage,
            quantity,
            entryPrice,
            margin: 0n,
          },
          pnl,
        );
  return {
    symbol: line.symbol,
    direction: line.direction,
    leverage: line.leverage,
    roe: percent(roe, 2, locale, true),
    roeSign: signOf(roe),
    entry: price(line.entry_price, scale, locale),
    price: price(line.close_price, scale, locale),
    closed: true,
  };
}

export async function shareCard(
  context: DomainContext,
  ref: ShareRef,
): Promise<Outcome<ShareCard | null>> {
  const find = () => (ref.kind === 'open' ? openCard : closedCard)(context, ref.id);
  const shown = Object.keys(context.view().contract.markets).length > 0 ? find() : null;
  if (shown) return { ok: true, data: shown };
  const loads = await Promise.all([
    loadContractMarkets(context),
    ref.kind === 'open' ? loadPositions(context) : loadClosedPositions(context, 1, historyPage),
  ]);
  const failed = loads.find((outcome) => !outcome.ok);
  if (failed && !failed.ok) return failed;
  return { ok: true, data: find() };
}
