// Identity verification over real HTTP: image uploads judged by their bytes and stored without
// metadata, served back to their owner only; submissions validated and refused while one is under
// review; operator review through the ops CLI; the withdrawal gate. Bad input changes nothing and
// user B learns nothing of user A's.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../../schemas/errors.ts';
import { systemClock } from '../../server/clock.ts';
import { type RegisteredUser, registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { runOps } from '../support/ops-process.ts';
import { withoutWithdrawHolds } from '../support/withdraw-proof.ts';

const maxBytes = 100_000;
let server: InProcessServer;
const client = () => new ApiClient(server.url);

beforeAll(async () => {
  server = await startInProcessServer(systemClock, {
    UPLOAD_MAX_BYTES: String(maxBytes),
    KYC_REQUIRED_FOR_WITHDRAWAL: 'true',
    // Past the gate a withdrawal goes on to its trade password, not to a new address's hold.
    ...withoutWithdrawHolds,
  });
}, 120_000);
afterAll(() => server.stop());

/** `npm run ops -- …` as an operator types it, against this test's server. */
async function ops(...args: string[]): Promise<{ ok: boolean; out: string }> {
  try {
    return { ok: true, out: await runOps(server, args) };
  } catch (error) {
    return { ok: false, out: String((error as { stderr?: string }).stderr ?? error) };
  }
}

const picture = (format: 'png' | 'jpeg' | 'webp', colour = '#3366cc') =>
  sharp({ create: { width: 64, height: 40, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function upload(token: string | undefined, bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes.slice()], { type }), name);
  const response = await fetch(`${server.url}/api/index/upic`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as Envelope<{ url: string } | null>,
  };
}

async function uploaded(user: RegisteredUser, colour?: string): Promise<string> {
  const answer = await upload(user.token, await picture('png', colour), 'id.png', 'image/png');
  expect(answer.body.code).toBe(200);
  return answer.body.data?.url ?? '';
}

const readImage = (url: string, token?: string) =>
  fetch(`${server.url}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

interface Info {
  status: string;
  real_name: string | null;
  id_number: string | null;
  submitted_at: string | null;
  reject_reason: string | null;
}

const info = async (user: RegisteredUser) =>
  (await client().get<Info>('/security/getAuthInfo', {}, { token: user.token })).body;

const submit = (user: RegisteredUser, fields: Record<string, string>) =>
  client().post<Info>('/security/primaryAuth', fields, { token: user.token });

const uploadCount = async () =>
  Number(
    (
      await server.db
        .selectFrom('uploads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A real name, a valid PRC resident ID (its check character holds) and two of the user's images. */
async function goodSubmission(user: RegisteredUser) {
  return {
    real_name: 'Ada Lovelace',
    id_number: '11010519491231002X',
    front_img: await uploaded(user, '#112233'),
    back_img: await uploaded(user, '#445566'),
  };
}

describe('/index/upic', () => {
  let user: RegisteredUser;
  beforeAll(async () => {
    user = await registerUser(client(), server.dataDir);
  });

  it('stores a PNG under a generated name and serves it back to its owner', async () => {
    const answer = await upload(user.token, await picture('png'), 'my id.png', 'image/png');
    expect(answer.status).toBe(200);
    expect(answer.body.data?.url).toMatch(/^\/api\/index\/upic\/[0-9a-f]{32}\.png$/);
    const read = await readImage(answer.body.data?.url ?? '', user.token);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await read.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 64, height: 40 });
  });

  it('strips EXIF and GPS from a JPEG', async () => {
    const tagged = await sharp(await picture('jpeg'))
      .withExif({
        IFD0: { Make: 'LeakyCamCorp', ImageDescription: 'home-address-here' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .jpeg()
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    const answer = await upload(user.token, tagged, 'photo.jpg', 'image/jpeg');
    expect(answer.body.data?.url).toMatch(/\.jpg$/);
    const stored = Buffer.from(
      await (await readImage(answer.body.data?.url ?? '', user.token)).arrayBuffer(),
    );
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(stored.includes('LeakyCamCorp')).toBe(false);
    expect(stored.includes('home-address-here')).toBe(false);
  });

  it('judges by the bytes: a PNG named .jpg is a PNG, WebP is accepted', async () => {
    const png = await upload(user.token, await picture('png'), 'scan.jpg', 'image/jpeg');
    expect(png.body.data?.url).toMatch(/\.png$/);
    const webp = await upload(user.token, await picture('webp'), 'scan.webp', 'image/webp');
    expect(webp.body.data?.url).toMatch(/\.webp$/);
  });

  it.each([
    ['a text file named .png', Buffer.from('just some text, not an image'), 'id.png', 'image/png'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'id.gif', 'image/gif'],
    [
      'a PNG signature on garbage',
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(500, 7),
      ]),
      'id.png',
      'image/png',
    ],
  ])('refuses %s and stores nothing', async (_what, bytes, name, type) => {
    const before = await uploadCount();
    const answer = await upload(user.token, bytes, name, type);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: errorCodes.image_not_supported, data: null });
    expect(answer.body.msg).toBe('Choose a JPEG, PNG or WebP image');
    expect(await uploadCount()).toBe(before);
  });

  it.each([
    ['one byte over the limit', maxBytes + 1],
    ['ten times the limit', maxBytes * 10],
  ])('refuses a file %s with the limit in the message', async (_what, size) => {
    const before = await uploadCount();
    const bytes = Buffer.concat([await picture('png'), Buffer.alloc(size)]).subarray(0, size);
    const answer = await upload(user.token, bytes, 'big.png', 'image/png');
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(errorCodes.image_too_large);
    expect(answer.body.msg).toBe('The image is larger than 0.1 MB');
    expect(await uploadCount()).toBe(before);
  });

  it('needs a session, and serves nothing to anyone else', async () => {
    const none = await upload(undefined, await picture('png'), 'id.png', 'image/png');
    expect(none.body.code).toBe(errorCodes.session_expired);
    const url = await uploaded(user);
    const other = await registerUser(client(), server.dataDir);
    const theirs = await readImage(url, other.token);
    expect(theirs.status).toBe(404);
    expect(((await theirs.json()) as Envelope<null>).code).toBe(errorCodes.not_found);
    const anonymous = await readImage(url);
    expect(((await anonymous.json()) as Envelope<null>).code).toBe(errorCodes.session_expired);
    const guessed = await readImage(url.replace(/[0-9a-f]{4}\./, '0000.'), user.token);
    expect(guessed.status).toBe(404);
  });
});

describe('/security/primaryAuth and /security/getAuthInfo', () => {
  it('starts unverified with nothing submitted', async () => {
    const user = await registerUser(client(), server.dataDir);
    expect((await info(user)).data).toEqual({
      status: 'unverified',
      real_name: null,
      id_number: null,
      submitted_at: null,
      reviewed_at: null,
      reject_reason: null,
    });
  });

  it.each([
    ['a name with digits', { real_name: 'R2D2' }, 'real_name_invalid'],
    ['a one-letter name', { real_name: 'A' }, 'real_name_invalid'],
    ['a name with markup', { real_name: '<script>x</script>' }, 'real_name_invalid'],
    ['a short ID number', { id_number: '12A' }, 'id_number_invalid'],
    ['an ID number with symbols', { id_number: '1234#5678' }, 'id_number_invalid'],
    [
      'a resident ID with a wrong check character',
      { id_number: '110105194912310021' },
      'id_number_invalid',
    ],
    [
      'an image URL that is no upload',
      { front_img: 'https://example.com/a.png' },
      'verification_image_invalid',
    ],
  ] as const)('refuses %s and changes nothing', async (_what, change, error) => {
    const user = await registerUser(client(), server.dataDir);
    const answer = await submit(user, { ...(await goodSubmission(user)), ...change });
    expect(answer.body.code).toBe(errorCodes[error]);
    expect((await info(user)).data.status).toBe('unverified');
  });

  it('refuses the same image for both sides', async () => {
    const user = await registerUser(client(), server.dataDir);
    const form = await goodSubmission(user);
    const answer = await submit(user, { ...form, back_img: form.front_img });
    expect(answer.body.code).toBe(errorCodes.verification_images_same);
  });

  it('goes under review with masked values, and refuses a second submission meanwhile', async () => {
    const user = await registerUser(client(), server.dataDir);
    const answer = await submit(user, await goodSubmission(user));
    expect(answer.body.code).toBe(200);
    expect(answer.body.data).toMatchObject({
      status: 'pending',
      real_name: 'A** L*******',
      id_number: '11******2X',
      reject_reason: null,
    });
    expect((await info(user)).data).toEqual(answer.body.data);
    const me = await client().get<{ auth_status: string }>(
      '/security/index',
      {},
      { token: user.token },
    );
    expect(me.body.data.auth_status).toBe('pending');
    const again = await submit(user, await goodSubmission(user));
    expect(again.body.code).toBe(errorCodes.verification_pending);
    const rows = await server.db
      .selectFrom('identity_submissions')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("lets no one use or read another user's verification", async () => {
    const a = await registerUser(client(), server.dataDir);
    const b = await registerUser(client(), server.dataDir);
    const form = await goodSubmission(a);
    const stolen = await submit(b, { ...(await goodSubmission(b)), front_img: form.front_img });
    expect(stolen.body.code).toBe(errorCodes.verification_image_invalid);
    expect((await submit(a, form)).body.code).toBe(200);
    const theirs = await info(b);
    expect(theirs.data).toMatchObject({ status: 'unverified', real_name: null, id_number: null });
    expect((await readImage(form.back_img, b.token)).status).toBe(404);
  });
});

describe('operator review (npm run ops -- kyc …) and the withdrawal gate', () => {
  it('rejects with a reason, takes a new submission, approves; withdrawals follow', async () => {
    const user = await registerUser(client(), server.dataDir);
    const withdraw = () =>
      client().post(
        '/wallet/withdraw',
        {
          asset: 'USDT',
          chain: 'TRC20',
          address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
          amount: '10',
          trade_password: '246810',
        },
        { token: user.token, headers: { 'idempotency-key': randomUUID() } },
      );
    expect((await withdraw()).body.code).toBe(errorCodes.verification_required);

    expect((await submit(user, await goodSubmission(user))).body.code).toBe(200);
    const listed = JSON.parse((await ops('kyc', 'list')).out) as Record<string, string>[];
    const mine = listed.find((row) => row.account === user.account);
    expect(mine).toMatchObject({ real_name: 'Ada Lovelace', id_number: '11010519491231002X' });
    expect(mine?.front_image).toContain(path.join(server.dataDir, 'uploads'));

    const rejected = await ops('kyc', 'reject', user.account, '--reason', 'The photo is blurred');
    expect(JSON.parse(rejected.out)).toMatchObject({ status: 'rejected' });
    expect((await info(user)).data).toMatchObject({
      status: 'rejected',
      reject_reason: 'The photo is blurred',
    });
    expect((await ops('kyc', 'approve', user.account)).ok).toBe(false);
    expect((await withdraw()).body.code).toBe(errorCodes.verification_required);

    expect((await submit(user, await goodSubmission(user))).body.data.status).toBe('pending');
    expect(JSON.parse((await ops('kyc', 'approve', user.account)).out)).toMatchObject({
      status: 'verified',
    });
    expect((await info(user)).data).toMatchObject({ status: 'verified', reject_reason: null });
    const again = await submit(user, await goodSubmission(user));
    expect(again.body.code).toBe(errorCodes.already_verified);
    // Past the gate: the next check is the trade password, which this user never set.
    expect((await withdraw()).body.code).toBe(errorCodes.trade_password_not_set);
    const verified = JSON.parse((await ops('kyc', 'list', '--status', 'verified')).out) as {
      account: string;
    }[];
    expect(verified.map((row) => row.account)).toContain(user.account);
  });

  it('refuses to review an account with nothing under review', async () => {
    const user = await registerUser(client(), server.dataDir);
    const answer = await ops('kyc', 'approve', user.account);
    expect(answer).toMatchObject({ ok: false });
    expect(answer.out).toContain('no verification under review');
    expect((await info(user)).data.status).toBe('unverified');
  });
});
