// The second contract's order form: up or down tapped checks the stake, asks to confirm, and places
// the contract in that direction once confirmed (a cancel sends nothing); a stake problem keeps the form open with the problem; a refusal keeps the
// server's words; no answer lets the same order be sent again; the stake stays for the next one.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  type OptionCheck,
  type OptionOrderForm,
  type OptionPlaceResult,
  optionOrderMachine,
} from '../../core/option/order.machine.ts';

function start(checks: OptionCheck[] = [], results: OptionPlaceResult[] = []) {
  const placed: OptionOrderForm[] = [];
  const machine = optionOrderMachine.provide({
    actors: {
      check: fromPromise<OptionCheck, { form: OptionOrderForm }>(
        async () => checks.shift() ?? { ok: true },
      ),
      place: fromPromise<OptionPlaceResult, { form: OptionOrderForm }>(async ({ input }) => {
        placed.push(input.form);
        return results.shift() ?? { kind: 'placed', id: 1 };
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, placed };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('optionOrderMachine', () => {
  it('places a contract in the direction tapped with the chosen duration and stake', async () => {
    const { actor, placed } = start();
    actor.send({ type: 'DURATION', unit: 'minute', length: 5 });
    actor.send({ type: 'STAKE', value: '25' });
    actor.send({ type: 'PLACE', direction: 'down' });
    await settle();
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(placed).toEqual([]);
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(actor.getSnapshot().value).toBe('placed');
    expect(placed).toEqual([{ direction: 'down', unit: 'minute', length: 5, stake: '25' }]);
    expect(actor.getSnapshot().context).toMatchObject({ placed: 1, form: { stake: '25' } });
  });

  it('keeps a stake problem on the form and sends nothing', async () => {
    const { actor, placed } = start([
      { ok: false, problem: { rule: 'belowMinimum', params: { amount: '10' } } },
    ]);
    actor.send({ type: 'STAKE', value: '5' });
    actor.send({ type: 'PLACE', direction: 'up' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.problem).toMatchObject({ rule: 'belowMinimum' });
    expect(placed).toEqual([]);
    actor.send({ type: 'STAKE', value: '10' });
    expect(actor.getSnapshot().context.problem).toBeNull();
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { actor, placed } = start();
    actor.send({ type: 'STAKE', value: '10' });
    actor.send({ type: 'PLACE', direction: 'up' });
    await settle();
    actor.send({ type: 'CANCEL' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(placed).toEqual([]);
  });

  it('keeps a refusal in the server’s words', async () => {
    const { actor } = start([], [{ kind: 'rejected', message: 'Le solde est insuffisant' }]);
    actor.send({ type: 'STAKE', value: '10' });
    actor.send({ type: 'PLACE', direction: 'up' });
    await settle();
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.message).toBe('Le solde est insuffisant');
  });

  it('sends an unanswered order again without checking it anew, and a new direction afresh', async () => {
    const { actor, placed } = start([], [{ kind: 'unknown' }, { kind: 'unknown' }]);
    actor.send({ type: 'STAKE', value: '10' });
    actor.send({ type: 'PLACE', direction: 'up' });
    await settle();
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(actor.getSnapshot().value).toBe('uncertain');
    actor.send({ type: 'RETRY' });
    await settle();
    expect(placed.map((form) => form.direction)).toEqual(['up', 'up']);
    actor.send({ type: 'PLACE', direction: 'down' });
    await settle();
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(actor.getSnapshot().value).toBe('placed');
    expect(placed.map((form) => form.direction)).toEqual(['up', 'up', 'down']);
  });
});
