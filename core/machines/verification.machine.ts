// The identity verification page: load the state, then the form (real name, ID number, two
// images) → upload the images → submit → under review; verified; or rejected with a reason and
// a way back to the form. Effects are named actors, swapped in tests with `.provide()`.
import { assign, fromPromise, setup } from 'xstate';
import { isValidIdNumber, isValidRealName } from '../identity/identity-rules.ts';

export type VerificationStatus = 'unverified' | 'pending' | 'verified' | 'rejected';

/** What the page shows of a verification; the values arrive masked. */
export interface VerificationInfo {
  status: VerificationStatus;
  realName: string | null;
  idNumber: string | null;
  submittedAt: string | null;
  rejectReason: string | null;
}

export type Side = 'front' | 'back';
export type FormProblem = 'real_name' | 'id_number' | 'front' | 'back';

export interface VerificationContext {
  info: VerificationInfo | null;
  realName: string;
  idNumber: string;
  files: Record<Side, Blob | null>;
  /** Where each picked image went up; kept so a retry does not upload it again. */
  urls: Record<Side, string | null>;
  problem: FormProblem | null;
}

type VerificationEvent =
  | { type: 'CHANGE'; field: 'realName' | 'idNumber'; value: string }
  | { type: 'PICK'; side: Side; file: Blob }
  | { type: 'SUBMIT' }
  | { type: 'RESUBMIT' }
  | { type: 'RELOAD' }
  /** The state the server pushed (the operator's decision): shown without asking again. */
  | { type: 'TOLD'; info: VerificationInfo };

export interface SubmitInput {
  real_name: string;
  id_number: string;
  front_img: string;
  back_img: string;
}

/** The first thing the form lacks, in the order the page shows its fields. */
export function formProblem(context: VerificationContext): FormProblem | null {
  if (!isValidRealName(context.realName)) return 'real_name';
  if (!isValidIdNumber(context.idNumber)) return 'id_number';
  if (context.files.front === null) return 'front';
  if (context.files.back === null) return 'back';
  return null;
}

const byStatus = [
  { target: 'underReview', guard: 'isPending' },
  { target: 'verified', guard: 'isVerified' },
  { target: 'rejected', guard: 'isRejected' },
  { target: 'form' },
] as const;

/** A pushed state replaces the shown one, and the page goes where its status says. */
const told = { target: '#verification.routing', actions: 'takeTold' } as const;

export const verificationMachine = setup({
  types: {
    context: {} as VerificationContext,
    events: {} as VerificationEvent,
  },
  actors: {
    load: fromPromise<VerificationInfo>(async () => {
      throw new Error('not provided');
    }),
    upload: fromPromise<string, { file: Blob }>(async () => {
      throw new Error('not provided');
    }),
    submit: fromPromise<VerificationInfo, SubmitInput>(async () => {
      throw new Error('not provided');
    }),
  },
  actions: {
    takeTold: assign({
      info: ({ context, event }) => (event.type === 'TOLD' ? event.info : context.info),
    }),
  },
  guards: {
    isPending: ({ context }) => context.info?.status === 'pending',
    isVerified: ({ context }) => context.info?.status === 'verified',
    isRejected: ({ context }) => context.info?.status === 'rejected',
    formIsValid: ({ context }) => formProblem(context) === null,
    frontUploaded: ({ context }) => context.urls.front !== null,
    backUploaded: ({ context }) => context.urls.back !== null,
  },
}).createMachine({
  id: 'verification',
  context: {
    info: null,
    realName: '',
    idNumber: '',
    files: { front: null, back: null },
    urls: { front: null, back: null },
    problem: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: { target: 'routing', actions: assign({ info: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    routing: { always: byStatus },
    failed: { on: { RELOAD: 'loading' } },
    form: {
      on: {
        CHANGE: {
          actions: assign(({ event }) => ({ [event.field]: event.value, problem: null })),
        },
        PICK: {
          actions: assign({
            files: ({ context, event }) => ({ ...context.files, [event.side]: event.file }),
            urls: ({ context, event }) => ({ ...context.urls, [event.side]: null }),
            problem: null,
          }),
        },
        SUBMIT: [
          { guard: 'formIsValid', target: 'sending' },
          { actions: assign({ problem: ({ context }) => formProblem(context) }) },
        ],
      },
    },
    sending: {
      initial: 'front',
      states: {
        // Each side uploads unless its picked image already went up (a retry after a refusal).
        front: {
          always: { target: 'back', guard: 'frontUploaded' },
          invoke: {
            src: 'upload',
            input: ({ context }) => ({ file: context.files.front as Blob }),
            onDone: {
              target: 'back',
              actions: assign({
                urls: ({ context, event }) => ({ ...context.urls, front: event.output }),
              }),
            },
            onError: '#verification.form',
          },
        },
        back: {
          always: { target: 'submit', guard: 'backUploaded' },
          invoke: {
            src: 'upload',
            input: ({ context }) => ({ file: context.files.back as Blob }),
            onDone: {
              target: 'submit',
              actions: assign({
                urls: ({ context, event }) => ({ ...context.urls, back: event.output }),
              }),
            },
            onError: '#verification.form',
          },
        },
        submit: {
          invoke: {
            src: 'submit',
            input: ({ context }) => ({
              real_name: context.realName,
              id_number: context.idNumber,
              front_img: context.urls.front ?? '',
              back_img: context.urls.back ?? '',
            }),
            onDone: {
              target: '#verification.routing',
              actions: assign({ info: ({ event }) => event.output }),
            },
            // Under review or verified meanwhile (another tab): the loaded state says which.
            onError: '#verification.loading',
          },
        },
      },
    },
    underReview: { on: { RELOAD: 'loading', TOLD: told } },
    verified: { on: { RELOAD: 'loading', TOLD: told } },
    rejected: { on: { RESUBMIT: 'form', RELOAD: 'loading', TOLD: told } },
  },
});
