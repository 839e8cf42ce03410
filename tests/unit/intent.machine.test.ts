// The intent machine every money-moving form is made from: a valid form is checked, sent once and
// answered; a refusal keeps the server's words; no answer lets the same intent be sent again under
// the same idempotency key; a form with a problem never sends. Whatever the user taps and however
// the answers come, one request at most is on its way and a retry reuses the key of the try it
// repeats.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  type IntentCheck,
  type IntentContext,
  intentMachine,
  type NotDone,
} from '../../core/machines/intent.machine.ts';
import type { ApiFailure } from '../../workers/kernel/api-client.ts';
import { IntentKeys } from '../../workers/kernel/intents.ts';

/** A product of one typed amount, sent as typed; done answers name what they made. */
interface Context extends IntentContext<string> {
  amount: string;
  made: number | null;
}
type Event = { type: 'AMOUNT'; value: string } | { type: 'SEND' };
type Answer = { kind: 'made'; id: number } | NotDone;

const machine = (confirms = false) =>
  intentMachine<Context, Event, string, { amount: string }, Answer, undefined, 'made'>({
    id: 'example',
    context: () => ({ amount: '', made: null, problem: null, message: null }),
    edits: { AMOUNT: 'new' },
    submit: 'SEND',
    edit: (_, event) => (event.type === 'AMOUNT' ? { amount: event.value } : {}),
    sent: ({ amount }) => ({ amount }),
    done: { target: 'made', record: (_, answer) => ({ made: answer.id }), cleared: { made: null } },
    confirms,
  });

/** Whole numbers are the only valid amounts. */
const checkOf = (amount: string): IntentCheck<string> =>
  /^\d+$/.test(amount) ? { ok: true } : { ok: false, problem: 'notWhole' };

/** An answer as the worker's keys see it: done, refused (definite) or no answer (may have run). */
const outcomeOf = (answer: Answer) =>
  answer.kind === 'made'
    ? ({ ok: true, data: answer.id } as const)
    : ({
        ok: false,
        failure: (answer.kind === 'rejected'
          ? { kind: 'business', code: 1001, msg: answer.message }
          : { kind: 'network' }) satisfies ApiFailure,
      } as const);

/**
 * The machine with its check answered at once and its sends held until the test answers them,
 * each keyed as the worker keys an intent (`workers/kernel/intents.ts`).
 */
function start(confirms = false) {
  const keys = new IntentKeys(
    (() => {
      let next = 0;
      return () => `key-${++next}`;
    })(),
  );
  const sends: { amount: string; key: string; from: string }[] = [];
  const waiting: ((answer: Answer | Error) => void)[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  let checks = 0;
  // The state each send started from: a retry starts from `uncertain`.
  let previous = 'editing';
  const provided = machine(confirms).provide({
    actors: {
      check: fromPromise(async ({ input }) => {
        checks += 1;
        return checkOf(input.amount);
      }),
      place: fromPromise(({ input }) => {
        const intent = JSON.stringify(['example', input.amount]);
        sends.push({ amount: input.amount, key: keys.keyFor(intent), from: previous });
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        return new Promise<Answer>((resolve, reject) => {
          waiting.push((answer) => {
            inFlight -= 1;
            if (answer instanceof Error) {
              keys.settle(intent, { ok: false, failure: { kind: 'network' } });
              reject(answer);
            } else {
              keys.settle(intent, outcomeOf(answer));
              resolve(answer);
            }
          });
        });
      }),
    },
  });
  const actor = createActor(provided).start();
  actor.subscribe((snapshot) => {
    if (snapshot.value !== 'submitting') previous = String(snapshot.value);
  });
  return {
    actor,
    sends,
    checks: () => checks,
    mostInFlight: () => mostInFlight,
    /** Answers the send on its way, if one is. */
    answer(answer: Answer | Error) {
      const settle = waiting.shift();
      settle?.(answer);
      return settle !== undefined;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const state = (run: ReturnType<typeof start>) => run.actor.getSnapshot().value;

describe('intentMachine', () => {
  it('checks a valid form, sends it once however often submit is tapped, and ends done', async () => {
    const run = start();
    run.actor.send({ type: 'AMOUNT', value: '25' });
    run.actor.send({ type: 'SEND' });
    run.actor.send({ type: 'SEND' });
    await settle();
    expect(state(run)).toBe('submitting');
    run.actor.send({ type: 'SEND' });
    run.answer({ kind: 'made', id: 4 });
    await settle();
    expect(state(run)).toBe('made');
    expect(run.sends.map((send) => send.amount)).toEqual(['25']);
    expect(run.actor.getSnapshot().context).toMatchObject({ made: 4, amount: '25', message: null });
  });

  it('keeps a refusal in the server’s words, and checks the form anew on the next submit', async () => {
    const run = start();
    run.actor.send({ type: 'AMOUNT', value: '25' });
    run.actor.send({ type: 'SEND' });
    await settle();
    run.answer({ kind: 'rejected', message: 'Solde insuffisant' });
    await settle();
    expect(state(run)).toBe('rejected');
    expect(run.actor.getSnapshot().context.message).toBe('Solde insuffisant');
    run.actor.send({ type: 'SEND' });
    await settle();
    expect(run.checks()).toBe(2);
    expect(run.sends[1]?.key).not.toBe(run.sends[0]?.key);
  });

  it('sends an unanswered intent again under the same key, and a new one under a new key', async () => {
    const run = start();
    run.actor.send({ type: 'AMOUNT', value: '25' });
    run.actor.send({ type: 'SEND' });
    await settle();
    run.answer({ kind: 'unknown' });
    await settle();
    expect(state(run)).toBe('uncertain');
    run.actor.send({ type: 'RETRY' });
    await settle();
    run.answer(new Error('no answer'));
    await settle();
    expect(state(run)).toBe('uncertain');
    run.actor.send({ type: 'SEND' });
    await settle();
    run.answer({ kind: 'made', id: 9 });
    await settle();
    expect(state(run)).toBe('made');
    expect(run.checks()).toBe(1);
    expect(new Set(run.sends.map((send) => send.key)).size).toBe(1);
    // Done: the same amount again is a new intent, checked and keyed afresh.
    run.actor.send({ type: 'SEND' });
    await settle();
    expect(run.checks()).toBe(2);
    expect(run.sends[3]?.key).not.toBe(run.sends[0]?.key);
  });

  it('never sends a form with a problem, and shows the problem until the form changes', async () => {
    const run = start();
    run.actor.send({ type: 'AMOUNT', value: '2.5' });
    run.actor.send({ type: 'SEND' });
    await settle();
    expect(state(run)).toBe('editing');
    expect(run.actor.getSnapshot().context.problem).toBe('notWhole');
    expect(run.sends).toEqual([]);
    run.actor.send({ type: 'AMOUNT', value: '2' });
    expect(run.actor.getSnapshot().context.problem).toBeNull();
  });

  it('waits for the user to confirm when the product asks, and sends nothing on cancel', async () => {
    const run = start(true);
    run.actor.send({ type: 'AMOUNT', value: '7' });
    run.actor.send({ type: 'SEND' });
    await settle();
    expect(state(run)).toBe('confirming');
    run.actor.send({ type: 'CANCEL' });
    expect(state(run)).toBe('editing');
    run.actor.send({ type: 'SEND' });
    await settle();
    run.actor.send({ type: 'CONFIRM' });
    await settle();
    expect(run.sends.map((send) => send.amount)).toEqual(['7']);
  });

  it('keeps one request on its way at most, sends only checked forms, and retries under one key', async () => {
    const tap = fc.oneof(
      fc.record({ edit: fc.constantFrom('', '5', '5.5', '12') }),
      fc.constant({ submit: true } as const),
      fc.constant({ retry: true } as const),
      fc.record({
        answer: fc.constantFrom<Answer | 'error'>(
          { kind: 'made', id: 1 },
          { kind: 'rejected', message: 'refused' },
          { kind: 'unknown' },
          'error',
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(tap, { maxLength: 30 }), async (taps) => {
        const run = start();
        for (const step of taps) {
          if ('edit' in step) run.actor.send({ type: 'AMOUNT', value: step.edit });
          else if ('submit' in step) run.actor.send({ type: 'SEND' });
          else if ('retry' in step) run.actor.send({ type: 'RETRY' });
          else run.answer(step.answer === 'error' ? new Error('no answer') : step.answer);
          await settle();
        }
        expect(run.mostInFlight()).toBeLessThanOrEqual(1);
        for (const [index, send] of run.sends.entries()) {
          expect(checkOf(send.amount).ok).toBe(true);
          // A send from `uncertain` repeats the unanswered one before it: same fields, same key.
          if (send.from === 'uncertain')
            expect(send).toMatchObject({
              amount: run.sends[index - 1]?.amount,
              key: run.sends[index - 1]?.key,
            });
        }
        run.actor.stop();
      }),
      { numRuns: 60 },
    );
  });
});
