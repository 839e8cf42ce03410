// The IP allowlist's entries of an API key (server/security/ip-blocks.ts): IPv4 and IPv6
// addresses and CIDR blocks, nothing else.
import { describe, expect, it } from 'vitest';
import { isIpAddressOrBlock } from '../../server/security/ip-blocks.ts';

describe('an IP allowlist entry', () => {
  it.each([
    '0.0.0.0',
    '203.0.113.7',
    '255.255.255.255',
    '10.0.0.0/8',
    '192.0.2.1/32',
    '0.0.0.0/0',
    '::',
    '::1',
    '2001:db8::',
    '2001:DB8:0:0:8:800:200C:417A',
    'fe80::1/64',
    '2001:db8::/32',
    '::ffff:192.0.2.128',
    '64:ff9b::192.0.2.33/120',
    '1:2:3:4:5:6:7:8/128',
  ])('takes %s', (entry) => {
    expect(isIpAddressOrBlock(entry)).toBe(true);
  });

  it.each([
    '',
    '256.0.0.1',
    '1.2.3',
    '01.2.3.4',
    '1.2.3.4/33',
    '1.2.3.4/',
    '1.2.3.4/08',
    '10.0.0.0/8/8',
    '::1/129',
    '1::2::3',
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7::8',
    '12345::',
    'fe80::1%eth0',
    'example.com',
    ' 1.2.3.4',
  ])('refuses %j', (entry) => {
    expect(isIpAddressOrBlock(entry)).toBe(false);
  });
});
