// Which market's writer runs a command of the contract engine: the market it names, or for a
// command that names an order or a position by id, the market that order or position is in. An
// id the engine does not hold (a retry after the order filled, someone else's id, a made-up one)
// has no market: such a command goes to a writer all the same, which answers a keyed retry from
// its stored answer and refuses the rest, exactly as before there were several writers.
import { BusinessError } from '../http/business-error.ts';
import type { ContractCommand } from './batch-commands.ts';
import type { ContractMarket } from './contract-markets.ts';
import type { EngineState } from './engine-state.ts';

/** The market whose writer runs the command, or undefined when no market holds its id. */
export function symbolOf(command: ContractCommand, state: EngineState): string | undefined {
  switch (command.kind) {
    case 'open':
      return command.order.symbol;
    case 'requote':
    case 'leverage':
    case 'fund':
      return command.symbol;
    case 'cancel':
      return state.orders.get(command.orderId)?.symbol;
    case 'tpsl':
    case 'margin':
      return state.positions.get(command.positionId)?.symbol;
    case 'liquidate':
    case 'trigger':
      // The engine asks for one market's positions at a time (those its mark reached).
      for (const id of command.positionIds) {
        const symbol = state.positions.get(id)?.symbol;
        if (symbol !== undefined) return symbol;
      }
      return undefined;
  }
}

/**
 * The writer of the command's market among those held here. A command whose order or position no
 * market here holds goes to the first held market's writer, which answers a keyed retry from its
 * stored answer and refuses the rest. A market not held here is another node's, or nobody's for a
 * moment (`engine_unavailable`: the caller may try again).
 */
export function writerOf<Writer>(
  command: ContractCommand,
  state: EngineState,
  markets: ReadonlyMap<string, ContractMarket>,
  writers: ReadonlyMap<string, Writer>,
): Writer {
  const symbol = symbolOf(command, state);
  if (symbol !== undefined && markets.has(symbol)) {
    const writer = writers.get(symbol);
    if (!writer) throw new BusinessError('engine_unavailable');
    return writer;
  }
  const chosen = writers.values().next().value;
  if (chosen === undefined) {
    throw new BusinessError(markets.size === 0 ? 'market_unknown' : 'engine_unavailable');
  }
  return chosen;
}
