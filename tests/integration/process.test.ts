// The server as an operator runs it: settings checked at start, clean stop, data kept across restarts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { goodPassword, registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { runServerToExit, startServerProcess } from '../support/server-process.ts';

describe('start-up', () => {
  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://somewhere/db'],
    ['SESSION_MAX_DAYS', '-3'],
  ])('refuses an invalid %s, naming it, and exits non-zero', async (name, value) => {
    const { code, output } = await runServerToExit({ [name]: value });
    expect(code).not.toBe(0);
    expect(output).toContain(name);
    expect(output).not.toContain('listening');
  });
});

describe('the embedded database', () => {
  it('keeps accounts across a clean stop and a restart', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-restart-'));
    try {
      const first = await startServerProcess({}, { dataDir });
      const user = await registerUser(new ApiClient(first.url), dataDir);
      expect(await first.stop()).toBe(0);

      const second = await startServerProcess({}, { dataDir });
      const api = new ApiClient(second.url);
      const info = await api.get('/security/index', {}, { token: user.token });
      expect(info.body).toMatchObject({ code: 200, data: { user_id: user.userId } });
      const login = await api.post('/login/index', {
        account: user.account,
        password: goodPassword,
      });
      expect(login.body.code).toBe(200);
      expect(await second.stop()).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
