// The API key form's own checks (src/security/api-key-form-rules.ts): the IP allowlist as typed,
// one entry a line or comma-separated, becomes the list the server takes; what can never be an
// address or a block, or more entries than a key holds, is caught before sending; the label is
// read trimmed, as the server reads it; reading is always among the scopes sent, and only scopes
// the server offers are.
import { describe, expect, it } from 'vitest';
import {
  allowlistMax,
  allowlistProblem,
  chosenScopes,
  labelMax,
  labelProblem,
  parseAllowlist,
} from '../../src/security/api-key-form-rules.ts';

describe('the IP allowlist as typed', () => {
  it('is empty when nothing but blanks and separators is typed', () => {
    expect(parseAllowlist('')).toEqual([]);
    expect(parseAllowlist(' \n ,, \n\t')).toEqual([]);
  });

  it('takes one entry a line, comma-separated ones, or both, in the order typed', () => {
    expect(parseAllowlist('203.0.113.7\n10.0.0.0/8\r\n2001:db8::/32')).toEqual([
      '203.0.113.7',
      '10.0.0.0/8',
      '2001:db8::/32',
    ]);
    expect(parseAllowlist('203.0.113.7, 198.51.100.1,::1')).toEqual([
      '203.0.113.7',
      '198.51.100.1',
      '::1',
    ]);
    expect(parseAllowlist(' 203.0.113.7 ,\n\n198.51.100.0/24 , \n')).toEqual([
      '203.0.113.7',
      '198.51.100.0/24',
    ]);
  });

  it('keeps an entry typed twice once', () => {
    expect(parseAllowlist('203.0.113.7\n203.0.113.7, ::1')).toEqual(['203.0.113.7', '::1']);
  });
});

describe('what the allowlist may hold before it is sent', () => {
  it('passes addresses and blocks of either family, and an empty list', () => {
    expect(allowlistProblem([])).toBeNull();
    expect(allowlistProblem(['203.0.113.7', '10.0.0.0/8', '2001:DB8::/32', '::ffff:1.2.3.4'])).toBe(
      null,
    );
  });

  it('refuses an entry with a character no address or block has', () => {
    expect(allowlistProblem(['203.0.113.7', 'example.com'])).toBe('invalid');
    expect(allowlistProblem(['203.0.113.7;'])).toBe('invalid');
    expect(allowlistProblem(['1'.repeat(61)])).toBe('invalid');
  });

  it('refuses more entries than a key holds', () => {
    const full = Array.from({ length: allowlistMax }, (_, i) => `10.0.0.${i}`);
    expect(allowlistProblem(full)).toBeNull();
    expect(allowlistProblem([...full, '10.0.1.0'])).toBe('tooMany');
  });
});

describe('the label', () => {
  it('is required, read trimmed, and at most the server’s length', () => {
    expect(labelProblem('')).toBe('required');
    expect(labelProblem('   ')).toBe('required');
    expect(labelProblem('Grid bot')).toBeNull();
    expect(labelProblem(` ${'a'.repeat(labelMax)} `)).toBeNull();
    expect(labelProblem('a'.repeat(labelMax + 1))).toBe('tooLong');
  });
});

describe('the scopes sent', () => {
  const offered = ['read', 'spot', 'futures'];
  it('always hold reading, then the trading scopes ticked, in the order offered', () => {
    expect(chosenScopes(offered, new Set())).toEqual(['read']);
    expect(chosenScopes(offered, new Set(['futures', 'spot']))).toEqual([
      'read',
      'spot',
      'futures',
    ]);
    expect(chosenScopes(offered, new Set(['read', 'futures']))).toEqual(['read', 'futures']);
  });

  it('are only ever ones the server offers', () => {
    expect(chosenScopes(['read', 'spot'], new Set(['futures', 'spot']))).toEqual(['read', 'spot']);
  });
});
