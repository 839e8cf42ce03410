// The position machine: one step at a time (TP/SL, margin, leverage, close), each refusal kept in
// the server's words and each unanswered step marked so it can be sent again; the end as the
// channel and the history tell it, a liquidation told apart from a close.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  type AdjustInput,
  type CloseInput,
  contractPositionMachine,
  type StepResult,
} from '../../core/machines/contract-position.machine.ts';

function start(results: { adjust?: StepResult[]; close?: StepResult[] } = {}) {
  const adjusted: AdjustInput[] = [];
  const closes: CloseInput[] = [];
  const adjusts = [...(results.adjust ?? [])];
  const closings = [...(results.close ?? [])];
  const machine = contractPositionMachine.provide({
    actors: {
      adjust: fromPromise(async ({ input }) => {
        adjusted.push(input);
        return adjusts.shift() ?? { kind: 'done' };
      }),
      close: fromPromise(async ({ input }) => {
        closes.push(input);
        return closings.shift() ?? { kind: 'done' };
      }),
    },
  });
  const actor = createActor(machine, { input: { id: 42 } }).start();
  return { actor, adjusted, closes };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
type Actor = ReturnType<typeof start>['actor'];
const state = (actor: Actor) => actor.getSnapshot().value;

describe('contractPositionMachine', () => {
  it('adjusts the position and is open again once answered', async () => {
    const { actor, adjusted } = start();
    const tpsl = { kind: 'tpsl', tp: '3300', sl: '2900', quantity: '' } as const;
    actor.send({ type: 'ADJUST', change: tpsl });
    expect(state(actor)).toBe('adjusting');
    // One step at a time: a second tap while the first is on its way is not sent.
    actor.send({ type: 'ADJUST', change: { kind: 'margin', action: 'add', amount: '5' } });
    await settle();
    expect(state(actor)).toBe('open');
    expect(adjusted).toEqual([{ id: 42, change: tpsl }]);
  });

  it('keeps a refusal in its words, and marks an unanswered step so it may be sent again', async () => {
    const { actor, adjusted } = start({
      adjust: [{ kind: 'rejected', message: 'Zu viel Margin entfernt' }, { kind: 'unknown' }],
    });
    const remove = { kind: 'margin', action: 'remove', amount: '100' } as const;
    actor.send({ type: 'ADJUST', change: remove });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({
      message: 'Zu viel Margin entfernt',
      uncertain: false,
    });
    actor.send({ type: 'ADJUST', change: remove });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ message: null, uncertain: true });
    expect(adjusted).toHaveLength(2);
  });

  it('closes part and stays open; the channel then says the whole closed', async () => {
    const { actor, closes } = start();
    actor.send({ type: 'CLOSE', close: { type: 'market', price: '', quantity: '0.05' } });
    expect(state(actor)).toBe('closing');
    await settle();
    expect(state(actor)).toBe('open');
    expect(closes).toEqual([{ id: 42, close: { type: 'market', price: '', quantity: '0.05' } }]);
    actor.send({ type: 'ENDED', reason: null });
    expect(state(actor)).toBe('closed');
    actor.send({ type: 'ENDED', reason: 'user' });
    expect(state(actor)).toBe('closed');
  });

  it('tells a liquidation apart, also when the history names it after the channel', () => {
    const direct = start().actor;
    direct.send({ type: 'ENDED', reason: 'liquidation' });
    expect(state(direct)).toBe('liquidated');
    const later = start().actor;
    later.send({ type: 'ENDED', reason: null });
    later.send({ type: 'ENDED', reason: 'adl' });
    expect(state(later)).toBe('liquidated');
    expect(later.getSnapshot().context.reason).toBe('adl');
  });

  it('ends while a step is on its way when the position closes meanwhile', async () => {
    const { actor } = start();
    actor.send({ type: 'CLOSE', close: { type: 'limit', price: '3100', quantity: '' } });
    actor.send({ type: 'ENDED', reason: 'tp' });
    expect(state(actor)).toBe('closed');
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().status).toBe('done');
  });
});
