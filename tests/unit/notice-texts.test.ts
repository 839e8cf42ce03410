// Every language's security notices name only the values a notice gives, and each message built
// from them carries the anti-phishing line once a code is set.
import { describe, expect, it } from 'vitest';
import { languages } from '../../schemas/languages.ts';
import type { AppDeps } from '../../server/deps.ts';
import { antiPhishingLine } from '../../server/mail/anti-phishing-line.ts';
import { codeMessage } from '../../server/mail/code-message.ts';
import { noticeTexts } from '../../server/security/notice-texts/index.ts';
import { type Notice, noticeMessages } from '../../server/security/notices.ts';

const notices: Notice[] = [
  { kind: 'new_device_login', device: 'Chrome 131 on Android', ip: '203.0.113.9' },
  { kind: 'password_changed' },
  { kind: 'trade_password_changed' },
  { kind: 'totp_bound' },
  { kind: 'totp_unbound' },
  { kind: 'passkey_added', name: 'Laptop' },
  { kind: 'passkey_removed', name: 'Laptop' },
  { kind: 'api_key_created', name: 'grid bot' },
  { kind: 'api_key_deleted', name: 'grid bot' },
  { kind: 'phone_bound', phone: '+447700900123' },
  {
    kind: 'address_added',
    asset: 'USDT',
    chain: 'TRC20',
    address: 'TXyz',
    usableFrom: new Date('2030-01-02T03:04:00Z'),
  },
  { kind: 'withdrawal_requested', asset: 'USDT', amount: '12.5', address: 'TXyz' },
  { kind: 'recovery_code_used', left: 7 },
  { kind: 'anti_phishing_set' },
  { kind: 'whitelist_disabled' },
  ...(['login', 'trade', 'totp'] as const).map(
    (scope): Notice => ({
      kind: `${scope}_guesses_blocked`,
      refused: 10,
      minutes: 60,
      until: new Date('2030-01-01T01:00:00Z'),
    }),
  ),
];

const deps = {
  config: { brandName: 'Meridian' },
  clock: { now: () => new Date('2030-01-01T00:00:00Z') },
} as unknown as AppDeps;

describe('security notice texts', () => {
  it('has every kind in every language', () => {
    for (const language of languages) {
      expect(Object.keys(noticeTexts[language].kinds).sort()).toEqual(
        notices.map((notice) => notice.kind).sort(),
      );
    }
  });

  it.each(languages)(
    'fills every placeholder in %s and adds the anti-phishing line',
    (language) => {
      const owner = {
        account: 'alice@example.com',
        email: 'alice@example.com',
        phone: null,
        language,
        anti_phishing_code: 'Kite42',
      };
      for (const notice of notices) {
        const { mail, sms } = noticeMessages(deps, owner, notice);
        for (const text of [mail.subject, mail.text, sms.text]) expect(text).not.toMatch(/[{}]/);
        expect(mail.text.endsWith(antiPhishingLine(language, 'Kite42'))).toBe(true);
        expect(sms.text.endsWith(antiPhishingLine(language, 'Kite42'))).toBe(true);
        expect(mail.text).toContain('Meridian');
      }
      const plain = noticeMessages(
        deps,
        { ...owner, anti_phishing_code: null },
        notices[1] as Notice,
      );
      expect(plain.mail.text).not.toContain('Kite42');
    },
  );

  it('adds the line to a code mail only when a code is given', () => {
    const values = { brand: 'Meridian', code: '123456', minutes: 10 };
    expect(codeMessage('de', 'a@example.com', values, 'Kite42').text).toContain(
      antiPhishingLine('de', 'Kite42'),
    );
    expect(codeMessage('de', 'a@example.com', values).text).not.toContain('Kite42');
  });
});
