// One machine for the login, register and forgot-password screens: the form, the code countdown,
// the submission. Effects are named actors, swapped in tests with `.provide()`.
import { assign, fromPromise, setup } from 'xstate';
import {
  type AuthForm,
  type AuthMode,
  checkAuthForm,
  codeDestination,
  emptyAuthForm,
  type FormProblem,
} from '../auth-form.ts';

export type SubmitResult = { ok: true } | { ok: false };
export type CodeResult = { ok: true; resendIn: number } | { ok: false };

type AuthEvent =
  | { type: 'MODE'; mode: AuthMode }
  | { type: 'CHANGE'; field: keyof AuthForm; value: string }
  | { type: 'SUBMIT' }
  | { type: 'SEND_CODE' };

export const authMachine = setup({
  types: {
    context: {} as {
      mode: AuthMode;
      form: AuthForm;
      /** One per field with a problem, as the last submit found them. */
      problems: FormProblem[];
      resendIn: number;
    },
    events: {} as AuthEvent,
    /** `inviteCode` pre-fills the register form (an invite link). */
    input: {} as { mode?: AuthMode; inviteCode?: string },
  },
  actors: {
    submit: fromPromise<SubmitResult, { mode: AuthMode; form: AuthForm }>(async () => ({
      ok: false,
    })),
    sendCode: fromPromise<CodeResult, { mode: AuthMode; destination: string }>(async () => ({
      ok: false,
    })),
  },
  guards: {
    formIsValid: ({ context }) => checkAuthForm(context.mode, context.form).length === 0,
    hasDestination: ({ context }) => codeDestination(context.mode, context.form) !== '',
    countingDown: ({ context }) => context.resendIn > 1,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    mode: input.mode ?? 'login',
    form: { ...emptyAuthForm, inviteCode: input.inviteCode ?? '' },
    problems: [],
    resendIn: 0,
  }),
  type: 'parallel',
  states: {
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            MODE: { actions: assign({ mode: ({ event }) => event.mode, problems: [] }) },
            CHANGE: {
              actions: assign({
                form: ({ context, event }) => ({ ...context.form, [event.field]: event.value }),
                // The field changed is no longer flagged; the others stay until fixed.
                problems: ({ context, event }) =>
                  context.problems.filter((problem) => problem.field !== event.field),
              }),
            },
            SUBMIT: [
              { guard: 'formIsValid', target: 'submitting' },
              {
                actions: assign({
                  problems: ({ context }) => checkAuthForm(context.mode, context.form),
                }),
              },
            ],
          },
        },
        submitting: {
          invoke: {
            src: 'submit',
            input: ({ context }) => ({ mode: context.mode, form: context.form }),
            onDone: [
              { guard: ({ event }) => event.output.ok, target: 'done' },
              { target: 'editing' },
            ],
            onError: { target: 'editing' },
          },
        },
        done: { type: 'final' },
      },
    },
    code: {
      initial: 'ready',
      states: {
        ready: { on: { SEND_CODE: { guard: 'hasDestination', target: 'sending' } } },
        sending: {
          invoke: {
            src: 'sendCode',
            input: ({ context }) => ({
              mode: context.mode,
              destination: codeDestination(context.mode, context.form),
            }),
            onDone: [
              {
                guard: ({ event }) => event.output.ok,
                target: 'coolingDown',
                actions: assign({
                  resendIn: ({ event }) => (event.output.ok ? event.output.resendIn : 0),
                }),
              },
              { target: 'ready' },
            ],
            onError: { target: 'ready' },
          },
        },
        coolingDown: {
          after: {
            1000: [
              {
                guard: 'countingDown',
                target: 'coolingDown',
                reenter: true,
                actions: assign({ resendIn: ({ context }) => context.resendIn - 1 }),
              },
              { target: 'ready', actions: assign({ resendIn: 0 }) },
            ],
          },
        },
      },
    },
  },
});
