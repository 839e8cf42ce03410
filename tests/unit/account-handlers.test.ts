// The security center's and invite page's calls in the worker: only the chosen proof goes out,
// no secret reaches the event log, and the invite log arrives with times formatted for the locale.
import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../../core/event-log.ts';
import type { Endpoint } from '../../schemas/endpoint.ts';
import { createSecurityHandlers } from '../../workers/security/handlers.ts';

function harness(answer: unknown = null) {
  const calls: { path: string; input: unknown }[] = [];
  const logged: NewEvent[] = [];
  const account = createSecurityHandlers({
    call: (async (endpoint: Endpoint, input: unknown) => {
      calls.push({ path: endpoint.path, input });
      return { ok: true, data: answer };
    }) as never,
    record: (event) => logged.push(event),
    locale: () => 'en-GB',
  });
  return { account, calls, logged };
}

describe('account calls', () => {
  it('sends only the proof chosen and logs no secret', async () => {
    const { account, calls, logged } = harness();
    await account.setTradePassword({ code: '123456', password: '482916', repassword: '482916' });
    await account.changeLoginPassword({
      old_password: 'Secret123',
      password: 'Changed789',
      repassword: 'Changed789',
    });
    expect(calls).toEqual([
      {
        path: '/security/payPwd',
        input: { code: '123456', password: '482916', repassword: '482916' },
      },
      {
        path: '/security/password',
        input: { old_password: 'Secret123', password: 'Changed789', repassword: 'Changed789' },
      },
    ]);
    const log = JSON.stringify(logged);
    for (const secret of ['123456', '482916', 'Secret123', 'Changed789']) {
      expect(log).not.toContain(secret);
    }
  });

  it('shapes the invite answer into rows with keys and formatted times, and commission by level', async () => {
    const { account } = harness({
      invite_code: 'ABCD2345',
      link: '/#/login?invite_code=ABCD2345',
      counts: { level1: 1, level2: 1, level3: 0 },
      log: [
        { level: 2, account: 'us***@example.com', registered_at: '2025-03-04T05:06:07.000Z' },
        { level: 1, account: 'us***@example.com', registered_at: '2025-03-04T05:06:07.000Z' },
      ],
      rates: ['0.2', '0.1', '0.05'],
      earned: [
        { level: 1, asset: 'USDT', amount: '0.1' },
        { level: 1, asset: 'BTC', amount: '0.00000123' },
        { level: 3, asset: 'BTC', amount: '0.0000005' },
      ],
    });
    const outcome = await account.inviteInfo();
    if (!outcome.ok) throw new Error('expected an answer');
    expect(outcome.data.code).toBe('ABCD2345');
    expect(outcome.data.rows.map((row) => row.level)).toEqual([2, 1]);
    expect(new Set(outcome.data.rows.map((row) => row.key)).size).toBe(2);
    expect(outcome.data.rows[0]?.time).toMatch(/2025/);
    // Each level's rate in percent and what it earned, every credited atom shown.
    expect(outcome.data.commissions).toEqual([
      { level: 1, rate: '20%', earned: ['0.10 USDT', '0.00000123 BTC'] },
      { level: 2, rate: '10%', earned: [] },
      { level: 3, rate: '5%', earned: ['0.0000005 BTC'] },
    ]);
  });
});
