// The path a login returns to: only a path of this app, never another site (an open redirect).
import { describe, expect, it } from 'vitest';
import { loginReturningHere } from '../../src/routes/navigation.ts';
import { safeReturnPath } from '../../src/routes/return-path.ts';

describe('the path to return to after login', () => {
  it('keeps an app path with its query', () => {
    expect(safeReturnPath('/pages/assets/withdraw')).toBe('/pages/assets/withdraw');
    expect(safeReturnPath('/pages/spot/trade?symbol=BTCUSDT')).toBe(
      '/pages/spot/trade?symbol=BTCUSDT',
    );
  });

  it.each([
    'https://evil.example/',
    '//evil.example/pages/assets/index',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/\t/evil.example',
    'pages/assets/index',
    '',
    '/login',
    '/login?redirect=%2F',
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses what is not text', () => {
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(42)).toBeNull();
    expect(safeReturnPath(['/pages/assets/index'])).toBeNull();
  });

  it('sends to /login with the page asked for, and with nothing for home', () => {
    expect(loginReturningHere('/pages/assets/index?asset=BTC')).toEqual({
      to: '/login',
      search: { redirect: '/pages/assets/index?asset=BTC' },
    });
    expect(loginReturningHere('/')).toEqual({ to: '/login', search: {} });
    expect(loginReturningHere('//evil.example')).toEqual({ to: '/login', search: {} });
  });
});
