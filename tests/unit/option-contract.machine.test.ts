// A second contract's machine: placed until its opening print is known, open until its expiry
// second, settling until the server settles it, then won, lost, refunded or void as settled; a
// contract whose opening print never came ends void however the clock ran.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { optionContractMachine } from '../../core/machines/option-contract.machine.ts';

const openTime = 1_000_000;
const expiryTime = openTime + 60_000;

function start() {
  return createActor(optionContractMachine, { input: { id: 9, openTime, expiryTime } }).start();
}
type Actor = ReturnType<typeof start>;
const state = (actor: Actor) => actor.getSnapshot().value;

describe('optionContractMachine', () => {
  it('goes placed, open, settling and won as the prints, the clock and the settlement say', () => {
    const actor = start();
    expect(state(actor)).toBe('placed');
    actor.send({ type: 'TICK', now: openTime + 500 });
    expect(state(actor)).toBe('placed');
    actor.send({ type: 'OPENED' });
    expect(state(actor)).toBe('open');
    actor.send({ type: 'TICK', now: expiryTime - 1 });
    expect(state(actor)).toBe('open');
    actor.send({ type: 'TICK', now: expiryTime });
    expect(state(actor)).toBe('settling');
    actor.send({ type: 'SETTLED', outcome: 'win' });
    expect(state(actor)).toBe('won');
    actor.send({ type: 'TICK', now: expiryTime + 1000 });
    expect(state(actor)).toBe('won');
    expect(actor.getSnapshot().context.outcome).toBe('win');
  });

  it.each([
    ['lose', 'lost'],
    ['refund', 'refunded'],
    ['void', 'void'],
  ] as const)('ends %s as %s', (outcome, end) => {
    const actor = start();
    actor.send({ type: 'OPENED' });
    actor.send({ type: 'SETTLED', outcome });
    expect(state(actor)).toBe(end);
  });

  it('settles void from placed when no opening print was ever found', () => {
    const actor = start();
    actor.send({ type: 'TICK', now: expiryTime + 10_000 });
    expect(state(actor)).toBe('settling');
    actor.send({ type: 'OPENED' });
    expect(state(actor)).toBe('settling');
    actor.send({ type: 'SETTLED', outcome: 'void' });
    expect(state(actor)).toBe('void');
  });

  it('takes a settlement that arrives before its own clock reached the expiry', () => {
    const actor = start();
    actor.send({ type: 'SETTLED', outcome: 'lose' });
    expect(state(actor)).toBe('lost');
    actor.send({ type: 'SETTLED', outcome: 'win' });
    expect(state(actor)).toBe('lost');
  });
});
