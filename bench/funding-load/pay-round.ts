// Pays one funding round through the contract engine, whichever way its `fund` answers: a count
// (the whole round paid by one command) or a slice's outcome (`{ payments, finished }`, called
// again with the same command until the round is finished, each call one slice).
import type { FundingCommand } from '../../server/contract/funding-payments.ts';

type FundAnswer = number | { payments: number; finished: boolean };

/** What the load driver needs of the engine: its funding command. */
export interface Funder {
  fund(command: FundingCommand): Promise<FundAnswer>;
}

export interface PaidRound {
  payments: number;
  /** How many `fund` calls the round took: 1 when the engine pays it in one command. */
  calls: number;
  /** The longest single call, queueing included, ms. */
  longestCallMs: number;
}

export async function payRound(engine: Funder, command: FundingCommand): Promise<PaidRound> {
  const paid: PaidRound = { payments: 0, calls: 0, longestCallMs: 0 };
  for (;;) {
    const started = performance.now();
    const answer = await engine.fund(command);
    paid.calls++;
    paid.longestCallMs = Math.max(paid.longestCallMs, performance.now() - started);
    if (typeof answer === 'number') {
      paid.payments += answer;
      return paid;
    }
    paid.payments += answer.payments;
    if (answer.finished) return paid;
  }
}
