// Every money-moving request a form makes (an order, a commitment, a purchase, a withdrawal) lives
// the same life: what is typed is edited; a submit checks it (nothing is sent while it has a
// problem), may wait for the user to confirm what was shown, then sends it; the answer is done, the
// server's refusal in the user's language, or none at all. With no answer the request may have gone
// through, so sending it again sends the same fields, which the worker keys as the same intent
// (`workers/kernel/intents.ts`): one idempotency key, the server runs it at most once. Each product
// makes its machine from this one with a few lines: how an event edits its form, what is sent, and
// what a done answer leaves on the form. Effects are the named actors `check` and `place`, bound to
// the worker by the page and swapped in tests with `.provide()`.
import {
  assertEvent,
  assign,
  type DoneActorEvent,
  type EventDescriptor,
  type EventObject,
  fromPromise,
  setup,
  type UnknownActorLogic,
} from 'xstate';

/** What the check of a form found: nothing, or the problem shown on the form. */
export type IntentCheck<Problem> = { ok: true } | { ok: false; problem: Problem };

/** An answer that is not done: refused (definite, in the user's language), or none that was read. */
export type NotDone =
  | { kind: 'rejected'; message: string }
  /** No answer: it may or may not have been made. Sending again sends the same intent. */
  | { kind: 'unknown' };

/** What every intent machine's context holds besides the product's own fields. */
export interface IntentContext<Problem> {
  problem: Problem | null;
  /** The server's refusal, in its words. */
  message: string | null;
}

/** The machine's own events; a product adds those that edit its form and the one that submits. */
export type IntentEvent =
  | { type: 'RETRY' }
  /** The shown figures confirmed, or not (machines that confirm). */
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

/** The states every intent machine has, before its answer settles in the product's own. */
export type IntentState =
  | 'editing'
  | 'validating'
  | 'confirming'
  | 'submitting'
  | 'uncertain'
  | 'rejected';

/** How an edit event moves the machine: back to a new intent, or adjusting the form in place. */
export type EditKind = 'new' | 'inPlace';

export interface IntentSpec<
  Context extends IntentContext<Problem>,
  Event extends EventObject,
  Problem,
  Sent,
  Answer extends { kind: string },
  Input,
  Settled extends string,
  Actors extends Record<string, UnknownActorLogic> = Record<never, never>,
> {
  id: string;
  context(input: Input | undefined): Context;
  /**
   * The events that change what is sent. A `new` one starts a new intent, whatever became of the
   * last (back to editing); an `inPlace` one adjusts the form where it is.
   */
  edits: { readonly [Type in Event['type']]?: EditKind };
  /** The event that asks to send; what it carries is applied as an edit first. */
  submit: Event['type'];
  /** What an edit (or the submit) changes on the context. */
  edit(context: Context, event: Event): Partial<Context>;
  /** What the check and the sending take: the same for every try of one intent. */
  sent(context: Context): Sent;
  /** Where a done answer leads, and what it leaves on the context. */
  done: {
    target: Settled;
    record(context: Context, answer: Exclude<Answer, NotDone>): Partial<Context>;
    /** What a new sending clears of the last answer. */
    cleared: Partial<Context>;
  };
  /** Whether the user confirms what was shown before it is sent. */
  confirms?: boolean;
  /** For a product that follows what was made (an order on the book): the states that do it. */
  follow?: FollowSpec<Context, Event, Settled, Actors>;
}

/** What every settled state takes: an edit (a new intent) and the submit (checked anew). */
export interface SettledTransitions {
  edits: Record<never, never>;
  submit: Record<never, never>;
}

/**
 * The states after a done answer that follow what it made, from `done.target` on, with the named
 * guards, context changes and actors they use (given as `{ type, params }` where they read an
 * answer, so no event is read unchecked).
 */
export interface FollowSpec<Context, Event extends EventObject, Settled extends string, Actors> {
  states(settled: SettledTransitions): Record<Settled, unknown>;
  guards: Record<
    string,
    (args: { context: Context; event: Event | IntentEvent }, params: never) => boolean
  >;
  changes: Record<
    string,
    (args: { context: Context; event: Event | IntentEvent }, params: never) => Partial<Context>
  >;
  actors: Actors;
}

export function intentMachine<
  Context extends IntentContext<Problem>,
  Event extends EventObject,
  Problem,
  Sent,
  Answer extends { kind: string },
  Input,
  Settled extends string,
  Actors extends Record<string, UnknownActorLogic> = Record<never, never>,
>(spec: IntentSpec<Context, Event, Problem, Sent, Answer, Input, Settled, Actors>) {
  type Check = IntentCheck<Problem>;
  const refusalOf = (answer: Answer | NotDone) =>
    answer.kind === 'rejected' && 'message' in answer ? answer.message : null;
  const isDone = (answer: Answer): answer is Exclude<Answer, NotDone> =>
    answer.kind !== 'rejected' && answer.kind !== 'unknown';
  const editTypes = Object.keys(spec.edits);
  // The events the product's `edit` reads: its edits and its submit.
  const asked = [...editTypes, spec.submit] as EventDescriptor<Event | IntentEvent>[];
  const submitted = [spec.submit] as EventDescriptor<Event | IntentEvent>[];
  /** A change of the fields every intent machine has, as a change of the product's context. */
  const change = (fields: Partial<IntentContext<Problem>>) => fields as Partial<Context>;
  /** What an invoked check or sending answered. */
  const outputOf = <Output>({ event }: { event: DoneActorEvent<Output> }) => event.output;
  const editing = `#${spec.id}.editing`;
  const validating = `#${spec.id}.validating`;
  // Built from the product's event names, which the type checker cannot follow into `on`.
  const transitions = (entries: Record<string, unknown>) => entries as Record<never, never>;
  const edits = transitions(
    Object.fromEntries(
      editTypes.map((type) => [
        type,
        spec.edits[type as Event['type']] === 'new'
          ? { target: editing, actions: 'edit' }
          : { actions: 'edit' },
      ]),
    ),
  );
  const submit = transitions({ [spec.submit]: { target: validating, actions: 'edit' } });
  const intentSetup = setup({
    types: {
      context: {} as Context,
      events: {} as Event | IntentEvent,
      input: {} as Input | undefined,
    },
    actors: {
      check: fromPromise<Check, Sent>(async () => ({ ok: true })),
      place: fromPromise<Answer, Sent>(async () => {
        throw new Error('No sender is bound to this form');
      }),
      ...(spec.follow?.actors ?? ({} as Actors)),
    },
    actions: {
      edit: assign(({ context, event }) => {
        assertEvent(event, asked);
        return { ...spec.edit(context, event), ...change({ problem: null }) };
      }),
      noteProblem: assign((_, check: Check) =>
        change({ problem: check.ok ? null : check.problem }),
      ),
      clearAnswer: assign(() => ({ ...spec.done.cleared, ...change({ message: null }) })),
      noteDone: assign(({ context }, answer: Answer) =>
        isDone(answer) ? spec.done.record(context, answer) : {},
      ),
      noteRefusal: assign((_, answer: Answer) => change({ message: refusalOf(answer) })),
      ...Object.fromEntries(
        Object.entries(spec.follow?.changes ?? {}).map(([name, changed]) => [
          name,
          assign(changed),
        ]),
      ),
    },
    guards: {
      refused: (_, check: Check) => !check.ok,
      confirms: () => spec.confirms === true,
      answeredDone: (_, answer: Answer) => isDone(answer),
      answeredRejected: (_, answer: Answer) => answer.kind === 'rejected',
      /** A submit that leaves what is sent as it was is the same intent: sent again as it is. */
      sameIntent: ({ context, event }) => {
        assertEvent(event, submitted);
        const after = { ...context, ...spec.edit(context, event) };
        return JSON.stringify(spec.sent(after)) === JSON.stringify(spec.sent(context));
      },
      ...spec.follow?.guards,
    },
  });
  // The type checker cannot follow an invoked actor's config through the product's type
  // parameters; the states are named here so that the pages' `matches` is checked.
  interface Config {
    id: string;
    context(args: { input: Input | undefined }): Context;
    initial: 'editing';
    states: Record<IntentState | Settled, object>;
  }
  const config = {
    id: spec.id,
    context: ({ input }: { input: Input | undefined }) => spec.context(input),
    initial: 'editing',
    states: {
      editing: { on: { ...edits, ...submit } },
      validating: {
        invoke: {
          src: 'check',
          input: ({ context }: { context: Context }) => spec.sent(context),
          onDone: [
            {
              guard: { type: 'refused', params: outputOf },
              target: 'editing',
              actions: { type: 'noteProblem', params: outputOf },
            },
            { guard: 'confirms', target: 'confirming' },
            { target: 'submitting' },
          ],
          onError: 'editing',
        },
      },
      /** What will be sent is shown once more; nothing is sent before the user confirms. */
      confirming: { on: { CONFIRM: 'submitting', CANCEL: 'editing' } },
      submitting: {
        entry: 'clearAnswer',
        invoke: {
          src: 'place',
          input: ({ context }: { context: Context }) => spec.sent(context),
          onDone: [
            {
              guard: { type: 'answeredDone', params: outputOf },
              target: spec.done.target,
              actions: { type: 'noteDone', params: outputOf },
            },
            {
              guard: { type: 'answeredRejected', params: outputOf },
              target: 'rejected',
              actions: { type: 'noteRefusal', params: outputOf },
            },
            { target: 'uncertain' },
          ],
          onError: 'uncertain',
        },
      },
      /** Sent, no answer: retrying, or submitting the same intent, sends it (and its key) again. */
      uncertain: {
        on: {
          ...edits,
          ...transitions({
            [spec.submit]: [
              { guard: 'sameIntent', target: 'submitting' },
              { target: 'validating', actions: 'edit' },
            ],
          }),
          RETRY: 'submitting',
        },
      },
      rejected: { on: { ...edits, ...submit } },
      ...(spec.follow?.states({ edits, submit }) ?? {
        [spec.done.target]: { on: { ...edits, ...submit } },
      }),
    },
  };
  return intentSetup.createMachine(config as Config);
}
