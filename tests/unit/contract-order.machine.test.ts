// The perpetual order machine: nothing is sent before the checks pass, the order's settings go with
// it (leverage, margin mode, TP/SL), the server's refusal is kept in its words, an unanswered order
// is retried as the same intent, and a placed order is followed until it no longer rests.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  type ContractCheck,
  type ContractPlaceResult,
  contractOrderMachine,
} from '../../core/contract/order.machine.ts';
import type { ContractOrderForm } from '../../core/contract/order-form.ts';

function start(
  results: { check?: ContractCheck; place?: ContractPlaceResult[] } = {},
  input?: Parameters<typeof createActor<typeof contractOrderMachine>>[1],
) {
  const placed: ContractOrderForm[] = [];
  const places = [...(results.place ?? [])];
  const machine = contractOrderMachine.provide({
    actors: {
      check: fromPromise(async () => results.check ?? { ok: true }),
      place: fromPromise(async ({ input: sent }) => {
        placed.push(sent.form);
        return places.shift() ?? { kind: 'unknown' };
      }),
    },
  });
  const actor = createActor(machine, input).start();
  return { actor, placed };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
type Actor = ReturnType<typeof start>['actor'];
const state = (actor: Actor) => actor.getSnapshot().value;

function fillLong(actor: Actor) {
  actor.send({ type: 'CHANGE', field: 'price', value: '3000' });
  actor.send({ type: 'CHANGE', field: 'quantity', value: '0.1' });
}

describe('contractOrderMachine', () => {
  it('keeps a form with a problem in editing, says why, and sends nothing', async () => {
    const { actor, placed } = start({
      check: { ok: false, problem: { field: 'sl', rule: 'stopLossSide' } },
    });
    fillLong(actor);
    actor.send({ type: 'TPSL', on: true });
    actor.send({ type: 'CHANGE', field: 'sl', value: '3100' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(state(actor)).toBe('editing');
    expect(actor.getSnapshot().context.problem).toEqual({ field: 'sl', rule: 'stopLossSide' });
    expect(placed).toEqual([]);
    actor.send({ type: 'CHANGE', field: 'sl', value: '2900' });
    expect(actor.getSnapshot().context.problem).toBeNull();
  });

  it('sends the order with its settings once, and clears the quantity', async () => {
    const { actor, placed } = start(
      { place: [{ kind: 'placed', order: { id: 5, status: 'filled' } }] },
      { input: { leverage: 20, marginMode: 'cross' } },
    );
    actor.send({ type: 'DIRECTION', direction: 'short' });
    fillLong(actor);
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({
      direction: 'short',
      price: '3000',
      quantity: '0.1',
      leverage: 20,
      marginMode: 'cross',
    });
    expect(state(actor)).toBe('done');
    expect(actor.getSnapshot().context.form).toMatchObject({ price: '3000', quantity: '' });
  });

  it('takes the market’s held settings without losing what was typed', () => {
    const { actor } = start();
    fillLong(actor);
    actor.send({ type: 'SETTINGS', leverage: 50, marginMode: 'cross' });
    expect(actor.getSnapshot().context.form).toMatchObject({
      quantity: '0.1',
      leverage: 50,
      marginMode: 'cross',
    });
  });

  it('follows a resting order until the server says it is done, ignoring other orders', async () => {
    const { actor } = start({ place: [{ kind: 'placed', order: { id: 7, status: 'open' } }] });
    fillLong(actor);
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(state(actor)).toBe('resting');
    actor.send({ type: 'ORDER_UPDATE', order: { id: 8, status: 'filled' } });
    expect(state(actor)).toBe('resting');
    actor.send({ type: 'ORDER_UPDATE', order: { id: 7, status: 'partially_filled' } });
    expect(state(actor)).toBe('resting');
    actor.send({ type: 'ORDER_UPDATE', order: { id: 7, status: 'filled' } });
    expect(state(actor)).toBe('done');
    expect(actor.getSnapshot().context.order).toEqual({ id: 7, status: 'filled' });
  });

  it('is done, without a final state, once its resting order left the book', async () => {
    const { actor } = start({ place: [{ kind: 'placed', order: { id: 4, status: 'open' } }] });
    fillLong(actor);
    actor.send({ type: 'SUBMIT' });
    await settle();
    actor.send({ type: 'ORDER_LEFT', id: 5 });
    expect(state(actor)).toBe('resting');
    actor.send({ type: 'ORDER_LEFT', id: 4 });
    expect(state(actor)).toBe('done');
    expect(actor.getSnapshot().context).toMatchObject({
      left: true,
      order: { id: 4, status: 'open' },
    });
  });

  it('keeps the server’s refusal in its own words', async () => {
    const { actor } = start({ place: [{ kind: 'rejected', message: 'Margine insufficiente' }] });
    fillLong(actor);
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(state(actor)).toBe('rejected');
    expect(actor.getSnapshot().context.message).toBe('Margine insufficiente');
  });

  it('retries an unanswered order with the same form', async () => {
    const { actor, placed } = start({
      place: [{ kind: 'unknown' }, { kind: 'placed', order: { id: 9, status: 'open' } }],
    });
    fillLong(actor);
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(state(actor)).toBe('uncertain');
    actor.send({ type: 'RETRY' });
    await settle();
    expect(placed).toHaveLength(2);
    expect(placed[1]).toEqual(placed[0]);
    expect(state(actor)).toBe('resting');
  });

  it('starts a new intent when the form is edited after an order', async () => {
    const { actor } = start({ place: [{ kind: 'placed', order: { id: 3, status: 'open' } }] });
    fillLong(actor);
    actor.send({ type: 'SUBMIT' });
    await settle();
    actor.send({ type: 'ORDER_TYPE', orderType: 'market' });
    expect(state(actor)).toBe('editing');
    expect(actor.getSnapshot().context.form.type).toBe('market');
  });
});
