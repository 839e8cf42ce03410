// One second contract's life on the client: placed (accepted, waiting for its opening print),
// open (the opening print is known), settling (its expiry second has passed and the settlement is
// on its way), and its end as the server settled it by the published rule: won, lost, refunded
// (equal prices) or void (no fresh print in time). Time reaches it as TICK from the page's clock;
// the prints and the settlement as the worker's view tells them.
import { assign, setup } from 'xstate';
import type { OptionOutcome } from '../option/settlement.ts';

export interface OptionContractInput {
  id: number;
  /** ms since the epoch. */
  openTime: number;
  expiryTime: number;
}

export type OptionContractEvent =
  /** The opening print was found in the recorded prints. */
  { type: 'OPENED' } | { type: 'TICK'; now: number } | { type: 'SETTLED'; outcome: OptionOutcome };

export interface OptionContractContext extends OptionContractInput {
  outcome: OptionOutcome | null;
}

const settled = { SETTLED: { target: '#optionContract.decided', actions: 'noteOutcome' } } as const;
const expiring = {
  TICK: {
    guard: ({ context, event }: { context: OptionContractContext; event: OptionContractEvent }) =>
      event.type === 'TICK' && event.now >= context.expiryTime,
    target: '#optionContract.settling',
  },
} as const;

export const optionContractMachine = setup({
  types: {
    context: {} as OptionContractContext,
    events: {} as OptionContractEvent,
    input: {} as OptionContractInput,
  },
  actions: {
    noteOutcome: assign({
      outcome: ({ context, event }) => (event.type === 'SETTLED' ? event.outcome : context.outcome),
    }),
  },
}).createMachine({
  id: 'optionContract',
  context: ({ input }) => ({ ...input, outcome: null }),
  initial: 'placed',
  states: {
    placed: { on: { ...settled, ...expiring, OPENED: 'open' } },
    open: { on: { ...settled, ...expiring } },
    settling: { on: settled },
    /** Routes to how it settled. */
    decided: {
      always: [
        { guard: ({ context }) => context.outcome === 'win', target: 'won' },
        { guard: ({ context }) => context.outcome === 'lose', target: 'lost' },
        { guard: ({ context }) => context.outcome === 'refund', target: 'refunded' },
        { target: 'void' },
      ],
    },
    // Ends, though not final states: the page's clock keeps ticking at a row that shows one.
    won: {},
    lost: {},
    refunded: {},
    void: {},
  },
});

export type OptionContractState =
  | 'placed'
  | 'open'
  | 'settling'
  | 'won'
  | 'lost'
  | 'refunded'
  | 'void';
