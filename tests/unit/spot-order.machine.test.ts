// The spot order machine: nothing is sent before the checks pass, the server's refusal is kept in
// its words, an unanswered order is retried as the same intent, and a placed order is followed
// through its fills and its cancellation.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  type CancelResult,
  type CheckResult,
  type FollowedOrder,
  type PlaceResult,
  spotOrderMachine,
} from '../../core/spot/order.machine.ts';
import type { SpotOrderForm } from '../../core/spot/order-form.ts';

function start(
  results: { check?: CheckResult; place?: PlaceResult[]; cancel?: CancelResult } = {},
) {
  const placed: SpotOrderForm[] = [];
  const cancelled: number[] = [];
  const places = [...(results.place ?? [])];
  const machine = spotOrderMachine.provide({
    actors: {
      check: fromPromise(async () => results.check ?? { ok: true }),
      place: fromPromise(async ({ input }) => {
        placed.push(input.form);
        return places.shift() ?? { kind: 'unknown' };
      }),
      cancel: fromPromise(async ({ input }) => {
        cancelled.push(input.id);
        return results.cancel ?? { ok: true, order: { id: input.id, status: 'cancelled' } };
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, placed, cancelled };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const state = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().value;
const open: FollowedOrder = { id: 7, status: 'open' };

function fillLimitBuy(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'CHANGE', field: 'price', value: '100' });
  actor.send({ type: 'CHANGE', field: 'quantity', value: '2' });
}

describe('spotOrderMachine', () => {
  it('keeps a form with a problem in editing, says why, and sends nothing', async () => {
    const { actor, placed } = start({
      check: { ok: false, problem: { field: 'price', rule: 'aboveCurrent' } },
    });
    fillLimitBuy(actor);
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(state(actor)).toBe('editing');
    expect(actor.getSnapshot().context.problem).toEqual({ field: 'price', rule: 'aboveCurrent' });
    expect(placed).toEqual([]);
    // Changing the form clears the problem until the next submission.
    actor.send({ type: 'CHANGE', field: 'price', value: '99' });
    expect(actor.getSnapshot().context.problem).toBeNull();
  });

  it('sends a valid order once and follows it as open, clearing the amounts', async () => {
    const { actor, placed } = start({ place: [{ kind: 'placed', order: open }] });
    fillLimitBuy(actor);
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(placed).toEqual([
      { side: 'buy', type: 'limit', price: '100', quantity: '2', turnover: '' },
    ]);
    expect(state(actor)).toBe('open');
    expect(actor.getSnapshot().context.form).toMatchObject({ price: '100', quantity: '' });
  });

  it('follows the order through a partial fill to filled, ignoring other orders', async () => {
    const { actor } = start({ place: [{ kind: 'placed', order: open }] });
    fillLimitBuy(actor);
    actor.send({ type: 'SUBMIT' });
    await settle();
    actor.send({ type: 'ORDER_UPDATE', order: { id: 8, status: 'filled' } });
    expect(state(actor)).toBe('open');
    actor.send({ type: 'ORDER_UPDATE', order: { id: 7, status: 'partially_filled' } });
    expect(state(actor)).toBe('partiallyFilled');
    actor.send({ type: 'ORDER_UPDATE', order: { id: 7, status: 'filled' } });
    expect(state(actor)).toBe('filled');
  });

  it('lands in the state a placed order already reached (a market order fills at once)', async () => {
    const { actor } = start({ place: [{ kind: 'placed', order: { id: 3, status: 'filled' } }] });
    actor.send({ type: 'ORDER_TYPE', orderType: 'market' });
    actor.send({ type: 'CHANGE', field: 'turnover', value: '50' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(state(actor)).toBe('filled');
  });

  it('keeps the server’s refusal in its own words', async () => {
    const { actor } = start({ place: [{ kind: 'rejected', message: 'Saldo niewystarczające' }] });
    fillLimitBuy(actor);
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(state(actor)).toBe('rejected');
    expect(actor.getSnapshot().context.message).toBe('Saldo niewystarczające');
  });

  it('retries an unanswered order with the same form, and follows it once answered', async () => {
    const { actor, placed } = start({
      place: [{ kind: 'unknown' }, { kind: 'placed', order: open }],
    });
    fillLimitBuy(actor);
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(state(actor)).toBe('uncertain');
    actor.send({ type: 'RETRY' });
    await settle();
    expect(placed).toHaveLength(2);
    expect(placed[1]).toEqual(placed[0]);
    expect(state(actor)).toBe('open');
  });

  it('cancels the followed order and ends cancelled', async () => {
    const { actor, cancelled } = start({ place: [{ kind: 'placed', order: open }] });
    fillLimitBuy(actor);
    actor.send({ type: 'SUBMIT' });
    await settle();
    actor.send({ type: 'CANCEL' });
    expect(state(actor)).toBe('cancelling');
    await settle();
    expect(cancelled).toEqual([7]);
    expect(state(actor)).toBe('cancelled');
  });

  it('ends filled when the order filled while its cancel was refused', async () => {
    const { actor } = start({
      place: [{ kind: 'placed', order: open }],
      cancel: { ok: false, message: 'The order is no longer open' },
    });
    fillLimitBuy(actor);
    actor.send({ type: 'SUBMIT' });
    await settle();
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'ORDER_UPDATE', order: { id: 7, status: 'filled' } });
    await settle();
    expect(state(actor)).toBe('filled');
    expect(actor.getSnapshot().context.message).toBe('The order is no longer open');
  });

  it('starts a new intent when the form is edited after an order', async () => {
    const { actor } = start({ place: [{ kind: 'placed', order: open }] });
    fillLimitBuy(actor);
    actor.send({ type: 'SUBMIT' });
    await settle();
    actor.send({ type: 'SIDE', side: 'sell' });
    expect(state(actor)).toBe('editing');
    expect(actor.getSnapshot().context.form.side).toBe('sell');
  });
});
