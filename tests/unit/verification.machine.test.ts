// The verification machine: the state it opens on follows the server, the form is checked before
// anything goes up, each image is uploaded once per pick, and a rejection leads back to the form.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  isValidIdNumber,
  isValidRealName,
  maskIdNumber,
  maskRealName,
} from '../../core/identity/identity-rules.ts';
import {
  type SubmitInput,
  type VerificationInfo,
  type VerificationStatus,
  verificationMachine,
} from '../../core/machines/verification.machine.ts';

const infoOf = (
  status: VerificationStatus,
  rejectReason: string | null = null,
): VerificationInfo => ({
  status,
  realName: null,
  idNumber: null,
  submittedAt: null,
  rejectReason,
});

interface Script {
  loads: (VerificationInfo | Error)[];
  /** Per upload in order: a URL, or an error for a refusal. */
  uploads?: (string | Error)[];
  submit?: VerificationInfo | Error;
}

function start(script: Script) {
  const uploaded: Blob[] = [];
  const submitted: SubmitInput[] = [];
  let loads = 0;
  let uploads = 0;
  const machine = verificationMachine.provide({
    actors: {
      load: fromPromise(async () => {
        const next = script.loads[Math.min(loads++, script.loads.length - 1)];
        if (next === undefined || next instanceof Error) throw next ?? new Error('no answer');
        return next;
      }),
      upload: fromPromise(async ({ input }) => {
        uploaded.push(input.file);
        const next = script.uploads?.[uploads++] ?? `/api/index/upic/${uploads}.png`;
        if (next instanceof Error) throw next;
        return next;
      }),
      submit: fromPromise(async ({ input }) => {
        submitted.push(input);
        if (script.submit instanceof Error) throw script.submit;
        return script.submit ?? infoOf('pending');
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, uploaded, submitted };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const front = new Blob(['front']);
const back = new Blob(['back']);

function fillValid(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'CHANGE', field: 'realName', value: 'Ada Lovelace' });
  actor.send({ type: 'CHANGE', field: 'idNumber', value: 'AB1234567' });
  actor.send({ type: 'PICK', side: 'front', file: front });
  actor.send({ type: 'PICK', side: 'back', file: back });
}

describe('identity rules', () => {
  it('takes names in any script and refuses digits and markup', () => {
    expect(isValidRealName('Ada Lovelace')).toBe(true);
    expect(isValidRealName('张伟')).toBe(true);
    expect(isValidRealName("Seán O'Brien-Smith")).toBe(true);
    expect(isValidRealName('R2D2')).toBe(false);
    expect(isValidRealName('A')).toBe(false);
    expect(isValidRealName('<b>Ada</b>')).toBe(false);
  });

  it('checks the check character of a resident ID and the shape of others', () => {
    expect(isValidIdNumber('11010519491231002X')).toBe(true);
    expect(isValidIdNumber('110105194912310021')).toBe(false);
    expect(isValidIdNumber('AB 123-456')).toBe(true);
    expect(isValidIdNumber('ABCDEF')).toBe(false);
    expect(isValidIdNumber('12#45678')).toBe(false);
  });

  it('masks without giving the length of the ID number away', () => {
    expect(maskRealName('Ada Lovelace')).toBe('A** L*******');
    expect(maskRealName('张伟')).toBe('张*');
    expect(maskIdNumber('11010519491231002X')).toBe('11******2X');
    expect(maskIdNumber('AB123456')).toBe('AB******56');
  });
});

describe('verificationMachine', () => {
  it('opens on the state the server has', async () => {
    for (const [status, state] of [
      ['unverified', 'form'],
      ['pending', 'underReview'],
      ['verified', 'verified'],
      ['rejected', 'rejected'],
    ] as const) {
      const { actor } = start({ loads: [infoOf(status)] });
      await settle();
      expect(actor.getSnapshot().value).toBe(state);
    }
  });

  it('names what the form lacks and sends nothing', async () => {
    const { actor, uploaded, submitted } = start({ loads: [infoOf('unverified')] });
    await settle();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.problem).toBe('real_name');
    actor.send({ type: 'CHANGE', field: 'realName', value: 'Ada Lovelace' });
    actor.send({ type: 'CHANGE', field: 'idNumber', value: '12' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.problem).toBe('id_number');
    actor.send({ type: 'CHANGE', field: 'idNumber', value: 'AB1234567' });
    actor.send({ type: 'PICK', side: 'front', file: front });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.problem).toBe('back');
    await settle();
    expect(actor.getSnapshot().value).toBe('form');
    expect(uploaded).toEqual([]);
    expect(submitted).toEqual([]);
  });

  it('uploads both images, submits their URLs and goes under review', async () => {
    const { actor, uploaded, submitted } = start({
      loads: [infoOf('unverified')],
      uploads: ['/api/index/upic/f.png', '/api/index/upic/b.png'],
    });
    await settle();
    fillValid(actor);
    actor.send({ type: 'SUBMIT' });
    await settle();
    await settle();
    expect(uploaded).toEqual([front, back]);
    expect(submitted).toEqual([
      {
        real_name: 'Ada Lovelace',
        id_number: 'AB1234567',
        front_img: '/api/index/upic/f.png',
        back_img: '/api/index/upic/b.png',
      },
    ]);
    expect(actor.getSnapshot().value).toBe('underReview');
  });

  it('after a refused image, uploads only what is new on the retry', async () => {
    const { actor, uploaded, submitted } = start({
      loads: [infoOf('unverified')],
      uploads: ['/api/index/upic/f.png', new Error('not an image'), '/api/index/upic/b2.png'],
    });
    await settle();
    fillValid(actor);
    actor.send({ type: 'SUBMIT' });
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toBe('form');
    expect(submitted).toEqual([]);
    const better = new Blob(['better back']);
    actor.send({ type: 'PICK', side: 'back', file: better });
    actor.send({ type: 'SUBMIT' });
    await settle();
    await settle();
    expect(uploaded).toEqual([front, back, better]);
    expect(submitted[0]).toMatchObject({
      front_img: '/api/index/upic/f.png',
      back_img: '/api/index/upic/b2.png',
    });
  });

  it('shows a rejection with its reason and leads back to the form', async () => {
    const { actor } = start({ loads: [infoOf('rejected', 'The photo is blurred')] });
    await settle();
    expect(actor.getSnapshot().context.info?.rejectReason).toBe('The photo is blurred');
    actor.send({ type: 'RESUBMIT' });
    expect(actor.getSnapshot().value).toBe('form');
  });

  it('after a refused submission, follows what the server now says', async () => {
    const { actor } = start({
      loads: [infoOf('unverified'), infoOf('pending')],
      submit: new Error('under review already'),
    });
    await settle();
    fillValid(actor);
    actor.send({ type: 'SUBMIT' });
    for (let i = 0; i < 5; i++) await settle();
    expect(actor.getSnapshot().value).toBe('underReview');
  });

  it('offers a retry when the state cannot be loaded', async () => {
    const { actor } = start({ loads: [new Error('offline'), infoOf('verified')] });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'RELOAD' });
    await settle();
    expect(actor.getSnapshot().value).toBe('verified');
  });
});
