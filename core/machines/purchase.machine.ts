// A money-moving form on the client, as the pre-sale subscription and the fixed-term products have
// it: an amount being typed; Buy tapped, which checks the amount and, when the form asks for it,
// waits for the user to confirm what was shown (an early withdrawal's exact amount); then sends it;
// then it is done, or the server's refusal in the user's language, or no answer (sending again
// reuses the idempotency key). The amount clears once bought, so a second purchase is typed, not
// sent again by a stray tap. The life is the intent machine's
// (core/machines/intent.machine.ts); each product makes its own from this (its id, the rules its
// checks name, whether it confirms).
import {
  type IntentCheck,
  type IntentContext,
  type IntentEvent,
  intentMachine,
  type NotDone,
} from './intent.machine.ts';

/** An amount problem with what its message names, already formatted for the user. */
export interface PurchaseFormProblem<Rule extends string> {
  rule: Rule;
  params?: Readonly<Record<string, string | number>>;
}

export type PurchaseCheck<Rule extends string> = IntentCheck<PurchaseFormProblem<Rule>>;

export type PurchaseResult =
  /** The server's record of it: a project's id (a commitment) or an order's id. */
  { kind: 'bought'; id: number } | NotDone;

export type PurchaseEvent = { type: 'AMOUNT'; value: string } | { type: 'BUY' } | IntentEvent;

export interface PurchaseContext<Rule extends string>
  extends IntentContext<PurchaseFormProblem<Rule>> {
  /** As typed. */
  amount: string;
  /** What the last purchase made. */
  bought: number | null;
}

export interface PurchaseInput {
  amount: string;
}

export function purchaseMachine<Rule extends string>(id: string, options = { confirms: false }) {
  return intentMachine<
    PurchaseContext<Rule>,
    PurchaseEvent,
    PurchaseFormProblem<Rule>,
    PurchaseInput,
    PurchaseResult,
    Partial<PurchaseInput>,
    'bought'
  >({
    id,
    context: (input) => ({
      amount: input?.amount ?? '',
      problem: null,
      bought: null,
      message: null,
    }),
    edits: { AMOUNT: 'new' },
    submit: 'BUY',
    edit: (_, event) => (event.type === 'AMOUNT' ? { amount: event.value } : {}),
    sent: ({ amount }) => ({ amount }),
    done: {
      target: 'bought',
      record: (_, answer) => ({ bought: answer.id, amount: '' }),
      cleared: { bought: null },
    },
    confirms: options.confirms,
  });
}
