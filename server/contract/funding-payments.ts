// A funding round's payments inside a batch of the contract engine, a slice of positions at a time
// (funding-rounds.ts): every owed position pays or receives notional at the mark × the rate
// (core/contract/funding.ts), peer to peer. An isolated position pays from and receives into its
// margin; a cross one from and into the wallet's available balance, then its margin. Each slice is
// one balanced posting whose other side is the funding account; when the last slice is paid, what
// the payers paid beyond what the receivers received (the rounding) moves from it to the insurance
// fund, which leaves the funding account at zero. A payer that cannot pay in full (its margin is
// gone) has the rest paid by the fund, recorded as the round's shortfall.
import { fundingPayment } from '../../core/contract/funding.ts';
import { smaller } from '../../core/contract/rounding.ts';
import type { AccountRef } from '../ledger/accounts.ts';
import { type BatchPort, Legs } from './batch-types.ts';
import type { ContractBalances } from './contract-balances.ts';
import type { EngineState, PositionState } from './engine-state.ts';
import type { RunningRound as AnyRound, RoundTerms } from './funding-rounds.ts';
import { fundingCloseReference, fundingPaymentReference } from './ledger-kinds.ts';

export interface FundingCommand extends RoundTerms {
  kind: 'fund';
}

export interface FundingPayment {
  position: PositionState;
  quantity: bigint;
  /** Received (positive) or paid (negative), USDT atoms. */
  amount: bigint;
}

/** What one batch paid toward a round: written with the round's row as the batch leaves it. */
export interface FundingRecord {
  round: RunningRound;
  payments: FundingPayment[];
}

/** What a funding command answers: how many positions its slice paid, and whether the round is. */
export interface FundingSlice {
  payments: number;
  finished: boolean;
}

/** A round of the engine's positions. */
type RunningRound = AnyRound<PositionState>;

const wallet = (user: number): AccountRef => ({ user, wallet: 'contract', asset: 'USDT' });
const insurance: AccountRef = { system: 'insurance', asset: 'USDT' };
const fundingAccount: AccountRef = { system: 'contract_funding', asset: 'USDT' };

export class FundingPayer {
  constructor(
    private readonly batch: BatchPort,
    private readonly state: EngineState,
    private readonly balances: ContractBalances,
    /** The batch's records, one per round it paid toward. */
    private readonly records: FundingRecord[],
  ) {}

  /**
   * The next slice of the market's round: of the round under way, or of a new one at the command's
   * terms. A round under way at an earlier time is paid to its end first; its slices answer that
   * the command's round is not finished.
   */
  slice(command: FundingCommand): FundingSlice {
    const rounds = this.state.funding;
    if (rounds.isFinished(command.symbol, command.fundingTime)) {
      return { payments: 0, finished: true };
    }
    const round =
      rounds.running(command.symbol) ?? rounds.begin(command, this.state.positions.values());
    const positions = rounds.nextSlice(round, (position) => this.#isOpen(position));
    const payments = this.#pay(round, positions);
    if (rounds.advance(round)) this.#close(round);
    else this.#recordOf(round);
    const finished =
      round.finished && round.fundingTime.getTime() === command.fundingTime.getTime();
    return { payments, finished };
  }

  /**
   * Pays what a position still owes the round under way, before an order or a change of margin
   * alters it: on what it held when the round began, which its slice would have paid on.
   */
  settleDue(position: PositionState): void {
    const round = this.state.funding.owing(position);
    if (!round) return;
    round.paidAhead.add(position.id);
    this.#pay(round, [position]);
  }

  #isOpen(position: PositionState): boolean {
    return this.state.positions.get(position.id) === position;
  }

  /** One posting for the positions' payments; answers how many paid or received anything. */
  #pay(round: RunningRound, positions: readonly PositionState[]): number {
    const record = this.#recordOf(round);
    const legs = new Legs();
    let first: number | null = null;
    let count = 0;
    for (const position of positions) {
      const amount = fundingPayment(position, round.mark, round.rate);
      if (amount === 0n) continue;
      first ??= position.id;
      count += 1;
      if (amount > 0n) this.#receive(legs, position, amount, round);
      else this.#collect(legs, position, -amount, round);
      legs.add(fundingAccount, 'available', -amount);
      position.fundingFee += amount;
      record.payments.push({ position, quantity: position.quantity, amount });
      this.batch.touchPosition(position);
    }
    if (first === null) return 0;
    const time = round.fundingTime.getTime();
    this.batch.post(
      legs.posting(
        'contract.funding.payment',
        fundingPaymentReference.build({ symbol: round.symbol, time, position: first }),
      ),
    );
    this.batch.markMoved();
    return count;
  }

  #receive(legs: Legs, position: PositionState, amount: bigint, round: RunningRound): void {
    legs.add(
      wallet(position.userId),
      position.marginMode === 'isolated' ? 'frozen' : 'available',
      amount,
    );
    if (position.marginMode === 'isolated') position.margin += amount;
    round.received += amount;
  }

  /**
   * A payer's payment: a cross position's from the wallet's available balance first when the
   * batch read the wallet (a maker an order filled against was not read: its margin pays first,
   * then the wallet, whose shortfall the batch's write covers from the fund if it has to).
   */
  #collect(legs: Legs, position: PositionState, amount: bigint, round: RunningRound): void {
    const account = wallet(position.userId);
    const cross = position.marginMode === 'cross';
    const read = this.balances.has(position.userId);
    let owed = amount;
    if (cross && read) {
      const free = smaller(owed, this.#available(legs, position.userId));
      legs.add(account, 'available', -free);
      owed -= free;
    }
    const fromMargin = smaller(owed, position.margin);
    legs.add(account, 'frozen', -fromMargin);
    position.margin -= fromMargin;
    owed -= fromMargin;
    if (owed > 0n && cross && !read) {
      legs.add(account, 'available', -owed);
      owed = 0n;
    }
    if (owed > 0n) {
      legs.add(insurance, 'available', -owed);
      round.shortfall += owed;
    }
    round.paid += amount;
  }

  /** The wallet's available balance as the legs so far leave it. */
  #available(legs: Legs, userId: number): bigint {
    const free = this.balances.available(userId) + legs.amount(wallet(userId), 'available');
    return free > 0n ? free : 0n;
  }

  /** The last slice: the rounding left in the funding account goes to the insurance fund. */
  #close(round: RunningRound): void {
    this.#recordOf(round);
    const legs = new Legs();
    legs.add(fundingAccount, 'available', round.received - round.paid);
    legs.add(insurance, 'available', round.paid - round.received);
    this.batch.post(
      legs.posting(
        'contract.funding.close',
        fundingCloseReference.build({ symbol: round.symbol, time: round.fundingTime.getTime() }),
      ),
    );
    this.batch.markMoved();
  }

  #recordOf(round: RunningRound): FundingRecord {
    let record = this.records.find((candidate) => candidate.round === round);
    if (!record) {
      record = { round, payments: [] };
      this.records.push(record);
    }
    return record;
  }
}

/** The round's remainder: what its payers paid beyond what its receivers got, once finished. */
export const remainderOf = (round: RunningRound): bigint =>
  round.finished ? round.paid - round.received : 0n;
