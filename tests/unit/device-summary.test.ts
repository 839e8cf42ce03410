// A user agent summarised as its owner recognises it, and the security level's boundaries.
import { describe, expect, it } from 'vitest';
import { summariseDevice } from '../../server/security/device-summary.ts';
import { maskAntiPhishingCode, securityLevel } from '../../server/security/overview-route.ts';

describe('summariseDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.135 Mobile Safari/537.36',
      'Chrome 131 on Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari 17 on iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Firefox 133 on Windows',
    ],
    ['curl/8.5.0', 'curl 8'],
    ['', 'Unknown device'],
    ['   ', 'Unknown device'],
  ])('%s → %s', (userAgent, summary) => {
    expect(summariseDevice(userAgent)).toBe(summary);
  });

  it('keeps a summary short, however long the user agent', () => {
    expect(summariseDevice(`${'x'.repeat(5000)}/1`).length).toBeLessThanOrEqual(100);
  });
});

describe('the security level', () => {
  it('is low up to 3 protections, medium at 4 and 5, high from 6', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map(securityLevel)).toEqual([
      'low',
      'low',
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
      'high',
    ]);
  });

  it('shows two characters of the anti-phishing code, of any script', () => {
    expect(maskAntiPhishingCode('Kite42')).toBe('Ki***');
    expect(maskAntiPhishingCode('龙年大吉')).toBe('龙年***');
  });
});
