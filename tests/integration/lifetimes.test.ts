// Everything that expires: sessions (idle and absolute), codes, code throttling and login lock-outs,
// tested on a clock the test moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCacheMs } from '../../server/accounts/sessions.ts';
import { goodPassword, lastCodeFor, newEmail, registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { ManualClock } from '../support/manual-clock.ts';

const minute = 60_000;
const clock = new ManualClock();
let server: InProcessServer;

beforeAll(async () => {
  server = await startInProcessServer(clock, { SESSION_IDLE_MINUTES: '60', SESSION_MAX_DAYS: '1' });
});
afterAll(() => server.stop());

const client = () => new ApiClient(server.url);
const whoAmI = async (token: string) =>
  (await client().get('/security/index', {}, { token })).body.code;

describe('sessions', () => {
  it('end after the idle limit without activity', async () => {
    const user = await registerUser(client(), server.dataDir);
    clock.advance(59 * minute);
    expect(await whoAmI(user.token)).toBe(200);
    clock.advance(59 * minute);
    expect(await whoAmI(user.token)).toBe(200);
    clock.advance(61 * minute);
    expect(await whoAmI(user.token)).toBe(999);
  });

  it('end at the absolute limit, however active', async () => {
    const user = await registerUser(client(), server.dataDir);
    // In use every half hour, well inside the idle limit, until a second before the day is out.
    for (let halfHour = 1; halfHour < 48; halfHour++) {
      clock.advance(30 * minute);
      expect(await whoAmI(user.token)).toBe(200);
    }
    clock.advance(30 * minute - 1000);
    expect(await whoAmI(user.token)).toBe(200);
    // The day is out a second later: the session ends though it was used a second ago.
    clock.advance(1000);
    expect(await whoAmI(user.token)).toBe(999);
    const again = await client().post('/login/index', {
      account: user.account,
      password: goodPassword,
    });
    expect(again.body.code).toBe(200);
  });
});

describe('a session revoked elsewhere', () => {
  it('is refused at once when revoked here, and within the cache time when revoked by another process', async () => {
    const here = await registerUser(client(), server.dataDir);
    expect(await whoAmI(here.token)).toBe(200);
    await client().post('/login/logout', {}, { token: here.token });
    expect(await whoAmI(here.token)).toBe(999);

    const elsewhere = await registerUser(client(), server.dataDir);
    expect(await whoAmI(elsewhere.token)).toBe(200);
    // Another node revokes it in the shared database: this one trusts what it read a moment ago.
    await server.db
      .updateTable('sessions')
      .set({ revoked_at: clock.now() })
      .where('user_id', '=', elsewhere.userId)
      .execute();
    clock.advance(sessionCacheMs - 1);
    expect(await whoAmI(elsewhere.token)).toBe(200);
    clock.advance(1);
    expect(await whoAmI(elsewhere.token)).toBe(999);
  });
});

describe('codes', () => {
  it('are good for ten minutes', async () => {
    const api = client();
    const early = newEmail();
    await api.get('/register/sendemail', { email: early });
    clock.advance(9 * minute + 59_000);
    const inTime = await api.post('/register/index', {
      email: early,
      password: goodPassword,
      repassword: goodPassword,
      code: await lastCodeFor(server.dataDir, early),
    });
    expect(inTime.body.code).toBe(200);

    const late = newEmail();
    await api.get('/register/sendemail', { email: late });
    clock.advance(10 * minute + 1000);
    const tooLate = await api.post('/register/index', {
      email: late,
      password: goodPassword,
      repassword: goodPassword,
      code: await lastCodeFor(server.dataDir, late),
    });
    expect(tooLate.body.code).toBe(1010);
  });

  it('may be asked for again after a minute, and the new one replaces the old', async () => {
    const api = client();
    const email = newEmail();
    await api.get('/register/sendemail', { email });
    const first = await lastCodeFor(server.dataDir, email);
    clock.advance(30_000);
    const tooSoon = await api.get('/register/sendemail', { email });
    expect(tooSoon.body).toMatchObject({ code: 1011 });
    expect(tooSoon.body.msg).toContain('30');
    clock.advance(30_000);
    expect((await api.get('/register/sendemail', { email })).body.code).toBe(200);
    const second = await lastCodeFor(server.dataDir, email);
    const form = { email, password: goodPassword, repassword: goodPassword };
    if (first !== second) {
      expect((await api.post('/register/index', { ...form, code: first })).body.code).toBe(1010);
    }
    expect((await api.post('/register/index', { ...form, code: second })).body.code).toBe(200);
  });
});

describe('login lock-out', () => {
  it('lifts when its window closes', async () => {
    const user = await registerUser(client(), server.dataDir);
    const api = client();
    for (let i = 0; i < 5; i++) {
      await api.post('/login/index', { account: user.account, password: 'wrong-pass1' });
    }
    const locked = await api.post('/login/index', {
      account: user.account,
      password: goodPassword,
    });
    expect(locked.body.code).toBe(1023);
    clock.advance(15 * minute);
    const open = await api.post('/login/index', { account: user.account, password: goodPassword });
    expect(open.body.code).toBe(200);
  });
});
