// An early withdrawal: nothing is sent before the user confirms; confirmed, it is withdrawn with
// what the server returned, refused in the server's words (and may be asked again), or unanswered
// and sent again.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  aiWithdrawalMachine,
  type WithdrawalResult,
} from '../../core/machines/ai-withdrawal.machine.ts';

function start(results: WithdrawalResult[]) {
  let sent = 0;
  const machine = aiWithdrawalMachine.provide({
    actors: {
      withdraw: fromPromise<WithdrawalResult>(async () => {
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
    const { actor, sent } = start([{ kind: 'withdrawn', returned: '998.97260275' }]);
    actor.send({ type: 'WITHDRAW' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(sent()).toBe(0);
    actor.send({ type: 'WITHDRAW' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(actor.getSnapshot().value).toBe('withdrawn');
    expect(actor.getSnapshot().context.returned).toBe('998.97260275');
    expect(sent()).toBe(1);
  });

  it('keeps a refusal in the server’s words, and can be asked again', async () => {
    const { actor } = start([{ kind: 'rejected', message: 'This order has already ended' }]);
    actor.send({ type: 'WITHDRAW' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.message).toBe('This order has already ended');
    actor.send({ type: 'WITHDRAW' });
    expect(actor.getSnapshot().value).toBe('confirming');
  });

  it('sends an unanswered withdrawal again on retry', async () => {
    const { actor, sent } = start([{ kind: 'unknown' }, { kind: 'withdrawn', returned: '1000' }]);
    actor.send({ type: 'WITHDRAW' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(actor.getSnapshot().value).toBe('uncertain');
    actor.send({ type: 'RETRY' });
    await settle();
    expect(actor.getSnapshot().value).toBe('withdrawn');
    expect(sent()).toBe(2);
  });
});
