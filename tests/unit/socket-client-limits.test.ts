// Two pieces of the socket's limits on their own: which addresses count as one client for the
// per-address cap, and the rate-limited log of a client's mistakes.
import { describe, expect, it } from 'vitest';
import { addressGroup } from '../../server/gateway/client-address.ts';
import {
  ClientLog,
  type ClientLogLevel,
  clientLogBurst,
  clientLogPerSecond,
} from '../../server/gateway/client-log.ts';

describe('addressGroup', () => {
  it('counts an IPv4 address as itself', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one client, however it is written', () => {
    const group = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:0000:0000:0000:0009',
      '2001:DB8:1:2:a:b:c:d',
      '2001:db8:1:2::1%eth0',
      '2001:db8:1:2:0:0:1.2.3.4',
    ]) {
      expect(addressGroup(address), address).toBe(group);
    }
    expect(addressGroup('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
  });

  it('counts an IPv4 address written as IPv6 as the IPv4 address', () => {
    expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::ffff:cb00:7107')).toBe('203.0.113.7');
  });
});

describe('ClientLog', () => {
  function recorded() {
    const lines: { level: ClientLogLevel; details: Record<string, unknown>; msg: string }[] = [];
    const logger = {
      debug: (details: Record<string, unknown>, msg: string) =>
        lines.push({ level: 'debug', details, msg }),
      warn: (details: Record<string, unknown>, msg: string) =>
        lines.push({ level: 'warn', details, msg }),
    };
    let now = 0;
    const log = new ClientLog(logger as never, () => now);
    return { lines, log, advance: (ms: number) => (now += ms) };
  }

  it('writes a burst, then counts what it leaves out and says so with the next line', () => {
    const { lines, log, advance } = recorded();
    for (let i = 0; i < 100; i += 1) log.debug({ i }, 'refused');
    expect(lines.map((line) => line.details.i)).toEqual(
      Array.from({ length: clientLogBurst }, (_, i) => i),
    );

    advance(1000 / clientLogPerSecond);
    log.debug({ i: 100 }, 'refused');
    expect(lines.at(-1)?.details).toEqual({ i: 100, suppressed: 100 - clientLogBurst });
  });

  it('keeps a separate allowance for warnings, so a flood of debug lines cannot hide one', () => {
    const { lines, log } = recorded();
    for (let i = 0; i < 50; i += 1) log.debug({}, 'refused');
    log.warn({}, 'closed');
    expect(lines.filter((line) => line.level === 'warn')).toEqual([
      { level: 'warn', details: { suppressed: 50 - clientLogBurst }, msg: 'closed' },
    ]);
  });

  it('writes the count of lines left out when the connection ends, and nothing if none were', () => {
    const { lines, log } = recorded();
    log.flush();
    expect(lines).toEqual([]);
    for (let i = 0; i < clientLogBurst + 3; i += 1) log.debug({}, 'refused');
    log.flush();
    expect(lines.at(-1)).toMatchObject({ level: 'debug', details: { suppressed: 3 } });
  });
});
