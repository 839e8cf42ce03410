// The purchase forms of a pre-sale commitment and of a fixed-term product (one machine, made for
// each): Buy checks the amount and sends it; a problem keeps the form open with it; a refusal keeps
// the server's words; no answer lets the same amount be sent again without a new check; the
// amount clears once bought. The fixed-term product's purchase waits for the user to confirm.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { aiPurchaseMachine } from '../../core/ai/purchase.machine.ts';
import type { PurchaseInput, PurchaseResult } from '../../core/machines/purchase.machine.ts';
import {
  type SubscriptionCheck,
  subscriptionPurchaseMachine,
} from '../../core/subscription/purchase.machine.ts';

function start(checks: SubscriptionCheck[] = [], results: PurchaseResult[] = []) {
  const sent: string[] = [];
  let checked = 0;
  const machine = subscriptionPurchaseMachine.provide({
    actors: {
      check: fromPromise<SubscriptionCheck, PurchaseInput>(async () => {
        checked += 1;
        return checks.shift() ?? { ok: true };
      }),
      place: fromPromise<PurchaseResult, PurchaseInput>(async ({ input }) => {
        sent.push(input.amount);
        return results.shift() ?? { kind: 'bought', id: 7 };
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, sent, checks: () => checked };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the subscription purchase machine', () => {
  it('commits the amount typed and clears it once committed', async () => {
    const { actor, sent } = start();
    actor.send({ type: 'AMOUNT', value: '150' });
    actor.send({ type: 'BUY' });
    await settle();
    expect(actor.getSnapshot().value).toBe('bought');
    expect(sent).toEqual(['150']);
    expect(actor.getSnapshot().context).toMatchObject({ bought: 7, amount: '' });
  });

  it('keeps a problem on the form, sends nothing, and clears it when the amount changes', async () => {
    const { actor, sent } = start([
      { ok: false, problem: { rule: 'aboveCap', params: { amount: '300.00' } } },
    ]);
    actor.send({ type: 'AMOUNT', value: '500' });
    actor.send({ type: 'BUY' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.problem).toEqual({
      rule: 'aboveCap',
      params: { amount: '300.00' },
    });
    expect(sent).toEqual([]);
    actor.send({ type: 'AMOUNT', value: '300' });
    expect(actor.getSnapshot().context.problem).toBeNull();
  });

  it('keeps a refusal in the server’s words', async () => {
    const { actor } = start([], [{ kind: 'rejected', message: 'Ce projet est clos' }]);
    actor.send({ type: 'AMOUNT', value: '10' });
    actor.send({ type: 'BUY' });
    await settle();
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.message).toBe('Ce projet est clos');
  });

  it('sends an unanswered commitment again as it was, without checking it anew', async () => {
    const { actor, sent, checks } = start([], [{ kind: 'unknown' }, { kind: 'unknown' }]);
    actor.send({ type: 'AMOUNT', value: '10' });
    actor.send({ type: 'BUY' });
    await settle();
    expect(actor.getSnapshot().value).toBe('uncertain');
    actor.send({ type: 'RETRY' });
    await settle();
    actor.send({ type: 'BUY' });
    await settle();
    expect(sent).toEqual(['10', '10', '10']);
    expect(checks()).toBe(1);
    expect(actor.getSnapshot().value).toBe('bought');
    // A new amount is a new intent: checked again.
    actor.send({ type: 'AMOUNT', value: '20' });
    actor.send({ type: 'BUY' });
    await settle();
    expect(checks()).toBe(2);
  });

  it('goes back to editing when the check itself fails', async () => {
    const machine = subscriptionPurchaseMachine.provide({
      actors: {
        check: fromPromise<SubscriptionCheck, PurchaseInput>(async () => {
          throw new Error('worker gone');
        }),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'BUY' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
  });
});

describe('the product purchase machine', () => {
  it('is the same form under its own id, starting from a given amount, confirmed before it is sent', async () => {
    const bought: string[] = [];
    const machine = aiPurchaseMachine.provide({
      actors: {
        place: fromPromise<PurchaseResult, PurchaseInput>(async ({ input }) => {
          bought.push(input.amount);
          return { kind: 'bought', id: 9 };
        }),
      },
    });
    const actor = createActor(machine, { input: { amount: '1000' } }).start();
    expect(actor.getSnapshot().context.amount).toBe('1000');
    actor.send({ type: 'BUY' });
    await settle();
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'CANCEL' });
    await settle();
    expect(bought).toEqual([]);
    actor.send({ type: 'BUY' });
    await settle();
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(bought).toEqual(['1000']);
    expect(actor.getSnapshot().context).toMatchObject({ bought: 9, amount: '' });
    expect(aiPurchaseMachine.id).toBe('aiPurchase');
    expect(subscriptionPurchaseMachine.id).toBe('subscriptionPurchase');
  });
});
