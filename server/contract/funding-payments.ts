// A funding round inside a batch of the contract engine: every open position of the market pays
// or receives notional at the mark × the rate (core/contract/funding.ts), peer to peer, in one
// balanced posting. An isolated position pays from and receives into its margin; a cross one from
// and into the wallet's available balance, then its margin. What the payers paid beyond what the
// receivers received (the rounding) goes to the insurance fund; a payer that cannot pay in full
// (its margin is gone) has the rest paid by the fund, recorded as the round's shortfall.
import { fundingRound } from '../../core/contract/funding.ts';
import { smaller } from '../../core/contract/rounding.ts';
import { type BatchPort, Legs } from './batch-types.ts';
import type { ContractBalances } from './contract-balances.ts';
import type { EngineState, PositionState } from './engine-state.ts';
import { fundingReference } from './ledger-kinds.ts';

export interface FundingCommand {
  kind: 'fund';
  symbol: string;
  /** Parts per 10^8; positive: longs pay shorts. */
  rate: bigint;
  /** Quote atoms per coin. */
  mark: bigint;
  fundingTime: Date;
  /** How many premium samples the rate came from. */
  samples: number;
}

export interface FundingPayment {
  position: PositionState;
  quantity: bigint;
  /** Received (positive) or paid (negative), USDT atoms. */
  amount: bigint;
}

export interface FundingRecord {
  command: FundingCommand;
  payments: FundingPayment[];
  paid: bigint;
  received: bigint;
  remainder: bigint;
  shortfall: bigint;
}

const wallet = (user: number) => ({ user, wallet: 'contract' as const, asset: 'USDT' });
const insurance = { system: 'insurance' as const, asset: 'USDT' };

export function payFunding(
  batch: BatchPort,
  state: EngineState,
  balances: ContractBalances,
  command: FundingCommand,
): FundingRecord {
  const positions = [...state.positions.values()]
    .filter((position) => position.symbol === command.symbol)
    .sort((a, b) => a.id - b.id);
  const round = fundingRound(positions, command.mark, command.rate);
  const legs = new Legs();
  const record: FundingRecord = {
    command,
    payments: [],
    paid: 0n,
    received: 0n,
    remainder: round.remainder,
    shortfall: 0n,
  };
  for (const [i, position] of positions.entries()) {
    const amount = round.payments[i] ?? 0n;
    if (amount === 0n) continue;
    const account = wallet(position.userId);
    if (amount > 0n) {
      legs.add(account, position.marginMode === 'isolated' ? 'frozen' : 'available', amount);
      if (position.marginMode === 'isolated') position.margin += amount;
      record.received += amount;
    } else {
      let owed = -amount;
      if (position.marginMode === 'cross') {
        const free = smaller(owed, available(balances, legs, position.userId));
        legs.add(account, 'available', -free);
        owed -= free;
      }
      const fromMargin = smaller(owed, position.margin);
      legs.add(account, 'frozen', -fromMargin);
      position.margin -= fromMargin;
      owed -= fromMargin;
      if (owed > 0n) {
        legs.add(insurance, 'available', -owed);
        record.shortfall += owed;
      }
      record.paid += -amount;
    }
    position.fundingFee += amount;
    record.payments.push({ position, quantity: position.quantity, amount });
    batch.touchPosition(position);
  }
  legs.add(insurance, 'available', round.remainder);
  batch.post(
    legs.posting(
      'contract.funding',
      fundingReference.build({ symbol: command.symbol, time: command.fundingTime.getTime() }),
    ),
  );
  return record;
}

/** The wallet's available balance as this round's legs so far leave it. */
function available(balances: ContractBalances, legs: Legs, userId: number): bigint {
  const free = balances.available(userId) + legs.amount(wallet(userId), 'available');
  return free > 0n ? free : 0n;
}
