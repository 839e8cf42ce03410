// An early withdrawal: nothing is sent before the user confirms the amount shown; confirmed, it is
// withdrawn, refused in the server's words (and may be asked again), or unanswered and sent again.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { aiWithdrawalMachine } from '../../core/ai/withdrawal.machine.ts';
import type { PurchaseInput, PurchaseResult } from '../../core/machines/purchase.machine.ts';

function start(results: PurchaseResult[]) {
  let sent = 0;
  const machine = aiWithdrawalMachine.provide({
    actors: {
      place: fromPromise<PurchaseResult, PurchaseInput>(async () => {
        sent += 1;
        return results.shift() ?? { kind: 'unknown' };
      }),
    },
  });
  return { actor: createActor(machine).start(), sent: () => sent };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the early withdrawal machine', () => {
  it('asks to confirm, sends nothing on cancel, and withdraws once confirmed', async () => {
    const { actor, sent } = start([{ kind: 'bought', id: 15 }]);
    actor.send({ type: 'BUY' });
    await settle();
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(sent()).toBe(0);
    actor.send({ type: 'BUY' });
    await settle();
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(actor.getSnapshot().value).toBe('bought');
    expect(actor.getSnapshot().context.bought).toBe(15);
    expect(sent()).toBe(1);
  });

  it('keeps a refusal in the server’s words, and can be asked again', async () => {
    const { actor } = start([{ kind: 'rejected', message: 'This order has already ended' }]);
    actor.send({ type: 'BUY' });
    await settle();
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.message).toBe('This order has already ended');
    actor.send({ type: 'BUY' });
    await settle();
    expect(actor.getSnapshot().value).toBe('confirming');
  });

  it('sends an unanswered withdrawal again on retry, without asking again', async () => {
    const { actor, sent } = start([{ kind: 'unknown' }, { kind: 'bought', id: 15 }]);
    actor.send({ type: 'BUY' });
    await settle();
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(actor.getSnapshot().value).toBe('uncertain');
    actor.send({ type: 'RETRY' });
    await settle();
    expect(actor.getSnapshot().value).toBe('bought');
    expect(sent()).toBe(2);
  });
});
