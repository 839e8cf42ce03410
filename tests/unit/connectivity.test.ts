// What the offline banner says, from the browser's online flag and the market socket.
import { describe, expect, it } from 'vitest';
import { connectivityOf } from '../../src/pwa/connectivity.ts';

describe('connectivity', () => {
  it('is offline without a network, whatever the socket last said', () => {
    for (const socketOpen of [true, false]) {
      expect(
        connectivityOf({ browserOnline: false, socketOpen, socketDownLong: !socketOpen }),
      ).toBe('no-network');
    }
  });

  it('is unreachable when the network is up but the socket has been down past the grace', () => {
    expect(connectivityOf({ browserOnline: true, socketOpen: false, socketDownLong: true })).toBe(
      'unreachable',
    );
  });

  it('stays online while a socket connects or retries within the grace', () => {
    expect(connectivityOf({ browserOnline: true, socketOpen: false, socketDownLong: false })).toBe(
      'online',
    );
    expect(connectivityOf({ browserOnline: true, socketOpen: true, socketDownLong: false })).toBe(
      'online',
    );
  });
});
