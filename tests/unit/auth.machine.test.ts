// The auth machine: validation before sending, one submission at a time, the code countdown.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { checkAuthForm, emptyAuthForm } from '../../core/auth-form.ts';
import {
  authMachine,
  type CodeResult,
  type SubmitResult,
} from '../../core/machines/auth.machine.ts';

function start(results: { submit?: SubmitResult; code?: CodeResult } = {}) {
  const submitted: unknown[] = [];
  const codes: unknown[] = [];
  const clock = new SimulatedClock();
  const machine = authMachine.provide({
    actors: {
      submit: fromPromise(async ({ input }) => {
        submitted.push(input);
        return results.submit ?? { ok: true };
      }),
      sendCode: fromPromise(async ({ input }) => {
        codes.push(input);
        return results.code ?? { ok: true, resendIn: 60 };
      }),
    },
  });
  const actor = createActor(machine, { input: { mode: 'register' }, clock }).start();
  return { actor, clock, submitted, codes };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const fill = (actor: ReturnType<typeof start>['actor'], values: Record<string, string>) => {
  for (const [field, value] of Object.entries(values)) {
    actor.send({ type: 'CHANGE', field: field as keyof typeof emptyAuthForm, value });
  }
};

describe('an invite link', () => {
  it('starts registration with the invite code filled in, and sends it', async () => {
    const submitted: unknown[] = [];
    const machine = authMachine.provide({
      actors: {
        submit: fromPromise(async ({ input }) => {
          submitted.push(input);
          return { ok: true as const };
        }),
      },
    });
    const actor = createActor(machine, {
      input: { mode: 'register', inviteCode: 'ABCD2345' },
    }).start();
    expect(actor.getSnapshot().context.form.inviteCode).toBe('ABCD2345');
    for (const [field, value] of Object.entries({
      email: 'a@example.com',
      code: '123456',
      password: 'Secret123',
      repassword: 'Secret123',
    })) {
      actor.send({ type: 'CHANGE', field: field as keyof typeof emptyAuthForm, value });
    }
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(submitted).toMatchObject([{ mode: 'register', form: { inviteCode: 'ABCD2345' } }]);
  });
});

describe('auth form rules', () => {
  it('names every missing field, in screen order', () => {
    expect(checkAuthForm('login', emptyAuthForm)).toEqual([
      { field: 'account', rule: 'required' },
      { field: 'password', rule: 'required' },
    ]);
    expect(checkAuthForm('register', { ...emptyAuthForm, email: 'a@b.co' })).toEqual([
      { field: 'code', rule: 'required' },
      { field: 'password', rule: 'required' },
      { field: 'repassword', rule: 'required' },
    ]);
  });

  it('flags every invalid field of the register form at once', () => {
    const form = { ...emptyAuthForm, email: 'not-an-email', code: '12', password: 'short' };
    expect(checkAuthForm('register', { ...form, repassword: 'other' })).toEqual([
      { field: 'email', rule: 'invalid' },
      { field: 'code', rule: 'invalid' },
      { field: 'password', rule: 'weak' },
      { field: 'repassword', rule: 'mismatch' },
    ]);
  });

  it('wants matching, strong passwords and a six-digit code', () => {
    const form = {
      ...emptyAuthForm,
      email: 'a@b.co',
      code: '123456',
      password: 'abc12345',
      repassword: 'abc12346',
    };
    expect(checkAuthForm('register', form)).toEqual([{ field: 'repassword', rule: 'mismatch' }]);
    expect(
      checkAuthForm('register', { ...form, password: 'abcdefgh', repassword: 'abcdefgh' }),
    ).toEqual([{ field: 'password', rule: 'weak' }]);
    expect(checkAuthForm('register', { ...form, code: '12345', repassword: 'abc12345' })).toEqual([
      { field: 'code', rule: 'invalid' },
    ]);
    expect(checkAuthForm('register', { ...form, repassword: 'abc12345' })).toEqual([]);
  });
});

describe('authMachine', () => {
  it('does not submit an invalid form, and says why', () => {
    const { actor, submitted } = start();
    actor.send({ type: 'SUBMIT' });
    expect(submitted).toEqual([]);
    expect(actor.getSnapshot().context.problems).toEqual([
      { field: 'email', rule: 'required' },
      { field: 'code', rule: 'required' },
      { field: 'password', rule: 'required' },
      { field: 'repassword', rule: 'required' },
    ]);
    // Fixing one field unflags it alone.
    actor.send({ type: 'CHANGE', field: 'code', value: '123456' });
    expect(actor.getSnapshot().context.problems.map((problem) => problem.field)).toEqual([
      'email',
      'password',
      'repassword',
    ]);
  });

  it('submits a valid form once and finishes on success', async () => {
    const { actor, submitted } = start();
    fill(actor, { email: 'a@b.co', code: '123456', password: 'abc12345', repassword: 'abc12345' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(submitted).toHaveLength(1);
    expect(actor.getSnapshot().value).toMatchObject({ form: 'done' });
  });

  it('goes back to editing when the server refuses', async () => {
    const { actor } = start({ submit: { ok: false } });
    fill(actor, { email: 'a@b.co', code: '123456', password: 'abc12345', repassword: 'abc12345' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().value).toMatchObject({ form: 'editing' });
  });

  it('counts down before a code can be asked for again', async () => {
    const { actor, clock, codes } = start({ code: { ok: true, resendIn: 3 } });
    actor.send({ type: 'SEND_CODE' });
    expect(codes).toEqual([]);
    fill(actor, { email: 'a@b.co' });
    actor.send({ type: 'SEND_CODE' });
    await settle();
    expect(codes).toEqual([{ mode: 'register', destination: 'a@b.co' }]);
    expect(actor.getSnapshot().context.resendIn).toBe(3);
    actor.send({ type: 'SEND_CODE' });
    clock.increment(1000);
    expect(actor.getSnapshot().context.resendIn).toBe(2);
    clock.increment(1000);
    clock.increment(1000);
    expect(actor.getSnapshot().value).toMatchObject({ code: 'ready' });
    expect(codes).toHaveLength(1);
  });
});
