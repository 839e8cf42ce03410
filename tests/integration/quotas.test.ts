// Per-user quotas over real HTTP, on the embedded database and on PostgreSQL: a user's uploads per
// UTC day are bounded in number and in bytes, and the address book in entries. A refused request
// stores nothing, requests sent at once cannot get past a limit together, and the message says
// what the limit is. An image whose header declares too many pixels is refused before it is
// decoded, and that refusal does not use up the quota.
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../../schemas/errors.ts';
import { type RegisteredUser, registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { createTestDatabase, type TestDatabase } from '../support/postgres.ts';

const uploadsPerDay = 3;
const bytesPerDay = 64 * 1024;
const addressBookSize = 3;
const postgres = await createTestDatabase();

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** A tiny PNG, a few hundred bytes. */
const smallImage = (colour = '#3366cc') =>
  sharp({ create: { width: 32, height: 20, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** A PNG of random pixels: it does not compress, so 100×100 is about 30 KB. */
const noisyImage = () =>
  sharp(randomBytes(100 * 100 * 3), { raw: { width: 100, height: 100, channels: 3 } })
    .png()
    .toBuffer();

/**
 * A PNG whose header declares `width`×`height` but whose data is a few zero bytes: decoding it
 * would fail (image_not_supported), so a refusal for its pixels can only come from the header.
 */
function declaredPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const evmAddress = () => `0x${randomBytes(20).toString('hex')}`;

describe.each([
  ['the embedded database', undefined],
  ['PostgreSQL', postgres],
] as const)('per-user quotas on %s', (name, database: TestDatabase | undefined) => {
  const available = name !== 'PostgreSQL' || database !== undefined;
  const clock = new ManualClock(Date.parse('2026-03-02T10:00:00Z'));
  let server: InProcessServer;
  const client = () => new ApiClient(server.url);

  beforeAll(async () => {
    if (!available) return;
    server = await startInProcessServer(
      clock,
      {
        UPLOADS_PER_DAY: String(uploadsPerDay),
        UPLOAD_BYTES_PER_DAY: String(bytesPerDay),
        UPLOAD_MAX_PIXELS: '1000000',
        ADDRESS_BOOK_MAX_ENTRIES: String(addressBookSize),
      },
      database?.url,
    );
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  async function upload(user: RegisteredUser, bytes: Uint8Array, lang = 'en') {
    const form = new FormData();
    form.append('file', new Blob([bytes.slice()], { type: 'image/png' }), 'id.png');
    const response = await fetch(`${server.url}/api/index/upic`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, lang },
      body: form,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Envelope<{ url: string } | null>;
  }

  /** What the user has stored: rows in `uploads` and files on disk named by them. */
  async function stored(user: RegisteredUser) {
    const rows = await server.db
      .selectFrom('uploads')
      .select('name')
      .where('user_id', '=', user.userId)
      .execute();
    const files = new Set(
      await readdir(path.join(server.dataDir, 'uploads')).catch(() => [] as string[]),
    );
    return { rows: rows.length, files: rows.filter((row) => files.has(row.name)).length };
  }

  const quotaMessage = `Daily upload limit reached: at most ${uploadsPerDay} images and 0.1 MB a day. Try again tomorrow`;

  describe.skipIf(!available)('uploads', () => {
    it('refuses the upload past the daily count with the limit in the message, storing nothing', async () => {
      const user = await registerUser(client(), server.dataDir);
      for (let i = 0; i < uploadsPerDay; i++) {
        expect((await upload(user, await smallImage())).code).toBe(200);
      }
      const refused = await upload(user, await smallImage());
      expect(refused).toMatchObject({ code: errorCodes.upload_quota_exceeded, data: null });
      expect(refused.msg).toBe(quotaMessage);
      const inGerman = await upload(user, await smallImage(), 'de');
      expect(inGerman.msg).toBe(
        `Tageslimit für Uploads erreicht: höchstens ${uploadsPerDay} Bilder und 0.1 MB pro Tag. Versuchen Sie es morgen erneut`,
      );
      expect(await stored(user)).toEqual({ rows: uploadsPerDay, files: uploadsPerDay });
      expect(await readdir(path.join(server.dataDir, 'uploads'))).toHaveLength(
        Number(
          (
            await server.db
              .selectFrom('uploads')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      );
    });

    it('refuses the upload that would pass the daily bytes, storing nothing', async () => {
      const user = await registerUser(client(), server.dataDir);
      const first = await noisyImage();
      const second = await noisyImage();
      const third = await noisyImage();
      // Two fit in 64 KiB and three do not, while three are within the count.
      expect(first.byteLength + second.byteLength).toBeLessThanOrEqual(bytesPerDay);
      expect(first.byteLength + second.byteLength + third.byteLength).toBeGreaterThan(bytesPerDay);
      expect((await upload(user, first)).code).toBe(200);
      expect((await upload(user, second)).code).toBe(200);
      const refused = await upload(user, third);
      expect(refused).toMatchObject({ code: errorCodes.upload_quota_exceeded, data: null });
      expect(refused.msg).toBe(quotaMessage);
      expect(await stored(user)).toEqual({ rows: 2, files: 2 });
      // What is left of the day's bytes still takes a small image.
      expect((await upload(user, await smallImage())).code).toBe(200);
    });

    it('refuses one file larger than the whole day allows', async () => {
      const user = await registerUser(client(), server.dataDir);
      const large = await sharp(randomBytes(160 * 160 * 3), {
        raw: { width: 160, height: 160, channels: 3 },
      })
        .png()
        .toBuffer();
      expect(large.byteLength).toBeGreaterThan(bytesPerDay);
      expect((await upload(user, large)).code).toBe(errorCodes.upload_quota_exceeded);
      expect(await stored(user)).toEqual({ rows: 0, files: 0 });
    });

    it('lets no more than the quota through when the uploads arrive at once', async () => {
      const user = await registerUser(client(), server.dataDir);
      const image = await smallImage('#aa0000');
      const answers = await Promise.all(Array.from({ length: 10 }, () => upload(user, image)));
      const codes = answers.map((answer) => answer.code);
      expect(codes.filter((code) => code === 200)).toHaveLength(uploadsPerDay);
      expect(codes.filter((code) => code === errorCodes.upload_quota_exceeded)).toHaveLength(
        10 - uploadsPerDay,
      );
      expect(await stored(user)).toEqual({ rows: uploadsPerDay, files: uploadsPerDay });
    });

    it('gives a new quota on the next UTC day', async () => {
      const user = await registerUser(client(), server.dataDir);
      for (let i = 0; i < uploadsPerDay; i++) {
        expect((await upload(user, await smallImage())).code).toBe(200);
      }
      expect((await upload(user, await smallImage())).code).toBe(errorCodes.upload_quota_exceeded);
      clock.advance(24 * 60 * 60 * 1000);
      expect((await upload(user, await smallImage())).code).toBe(200);
      expect(await stored(user)).toEqual({ rows: uploadsPerDay + 1, files: uploadsPerDay + 1 });
    });

    it('refuses an image that declares too many pixels from its header, without decoding it or using the quota', async () => {
      const user = await registerUser(client(), server.dataDir);
      // 30000 × 30000 declared in 100-odd bytes: a decompression bomb.
      const bomb = await upload(user, declaredPng(30_000, 30_000));
      expect(bomb).toMatchObject({ code: errorCodes.image_too_many_pixels, data: null });
      expect(bomb.msg).toBe('The image is too large: at most 1 megapixels');
      // A real image just over the limit is refused the same way.
      const real = await sharp({
        create: { width: 1001, height: 1000, channels: 3, background: '#ffffff' },
      })
        .png()
        .toBuffer();
      expect((await upload(user, real)).code).toBe(errorCodes.image_too_many_pixels);
      expect(await stored(user)).toEqual({ rows: 0, files: 0 });
      // Neither refusal counted: the whole day's quota is still there.
      for (let i = 0; i < uploadsPerDay; i++) {
        expect((await upload(user, await smallImage())).code).toBe(200);
      }
    });
  });

  describe.skipIf(!available)('address book', () => {
    const add = (user: RegisteredUser, address: string, remark = '') =>
      client().post<{ id: number; remark: string }>(
        '/wallet/addressAdd',
        { asset: 'USDT', chain: 'ERC20', address, remark },
        { token: user.token },
      );
    const entries = async (user: RegisteredUser) =>
      (await client().get<{ list: unknown[] }>('/wallet/addresses', {}, { token: user.token })).body
        .data.list.length;

    it('refuses the entry past the limit with the limit in the message, and saves nothing', async () => {
      const user = await registerUser(client(), server.dataDir);
      const saved: string[] = [];
      for (let i = 0; i < addressBookSize; i++) {
        saved.push(evmAddress());
        expect((await add(user, saved[i] as string)).body.code).toBe(200);
      }
      const refused = await add(user, evmAddress());
      expect(refused.body).toMatchObject({ code: errorCodes.address_book_full, data: null });
      expect(refused.body.msg).toBe(
        `The address book is full: it holds at most ${addressBookSize} addresses. Delete one to add another`,
      );
      expect(await entries(user)).toBe(addressBookSize);

      // Saving an address already there is not a new entry: its remark changes.
      const again = await add(user, saved[0] as string, 'cold wallet');
      expect(again.body).toMatchObject({ code: 200, data: { remark: 'cold wallet' } });

      // Deleting one makes room for one.
      const first = again.body.data.id;
      expect(
        (await client().post('/wallet/addressDelete', { id: String(first) }, { token: user.token }))
          .body.code,
      ).toBe(200);
      expect((await add(user, evmAddress())).body.code).toBe(200);
      expect((await add(user, evmAddress())).body.code).toBe(errorCodes.address_book_full);
      expect(await entries(user)).toBe(addressBookSize);
    });

    it('lets no more than the limit in when the entries arrive at once', async () => {
      const user = await registerUser(client(), server.dataDir);
      const answers = await Promise.all(Array.from({ length: 8 }, () => add(user, evmAddress())));
      const codes = answers.map((answer) => answer.body.code);
      expect(codes.filter((code) => code === 200)).toHaveLength(addressBookSize);
      expect(codes.filter((code) => code === errorCodes.address_book_full)).toHaveLength(
        8 - addressBookSize,
      );
      expect(await entries(user)).toBe(addressBookSize);
    });
  });
});
