// The verification page follows the operator's decision pushed on the `kyc` channel: under review,
// a pushed approval or rejection moves the machine to its state without loading again.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  type VerificationInfo,
  type VerificationStatus,
  verificationMachine,
} from '../../core/machines/verification.machine.ts';

const infoOf = (
  status: VerificationStatus,
  rejectReason: string | null = null,
): VerificationInfo => ({
  status,
  realName: 'A** L*******',
  idNumber: '11******2X',
  submittedAt: null,
  rejectReason,
});

function underReview() {
  let loads = 0;
  const machine = verificationMachine.provide({
    actors: {
      load: fromPromise(async (): Promise<VerificationInfo> => {
        loads += 1;
        return infoOf('pending');
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, loads: () => loads };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a pushed verification state', () => {
  it('shows an approval without asking again', async () => {
    const { actor, loads } = underReview();
    await settle();
    expect(actor.getSnapshot().value).toBe('underReview');
    actor.send({ type: 'TOLD', info: infoOf('verified') });
    expect(actor.getSnapshot().value).toBe('verified');
    expect(actor.getSnapshot().context.info?.status).toBe('verified');
    expect(loads()).toBe(1);
  });

  it('shows a rejection with its reason', async () => {
    const { actor } = underReview();
    await settle();
    actor.send({ type: 'TOLD', info: infoOf('rejected', 'The photo is blurred') });
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.info?.rejectReason).toBe('The photo is blurred');
  });

  it('leaves a form being filled alone', async () => {
    const machine = verificationMachine.provide({
      actors: { load: fromPromise(async () => infoOf('unverified')) },
    });
    const actor = createActor(machine).start();
    await settle();
    actor.send({ type: 'TOLD', info: infoOf('verified') });
    expect(actor.getSnapshot().value).toBe('form');
  });
});
