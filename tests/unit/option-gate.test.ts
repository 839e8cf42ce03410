// The second contract's gate on predictable feeds: closed on one unless OPTION_PREDICTABLE_FEED
// says otherwise (never by default), switched off before anything else, and each start says so
// in the log when an operator must know.
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import {
  logOptionGate,
  optionClosure,
  predictableFeedAllowedWarning,
  predictableFeedClosedWarning,
} from '../../server/option/option-gate.ts';

const on = { enabled: true, openOnPredictableFeed: false };

describe('the gate', () => {
  it('is open on an unpredictable feed, closed on a predictable one', () => {
    expect(optionClosure(on, false)).toBeNull();
    expect(optionClosure(on, true)).toBe('predictable_feed');
  });

  it('opens on a predictable feed only when the setting says so', () => {
    expect(optionClosure({ ...on, openOnPredictableFeed: true }, true)).toBeNull();
  });

  it('is closed whatever the feed while the product line is off', () => {
    for (const openOnPredictableFeed of [false, true]) {
      for (const predictable of [false, true]) {
        expect(optionClosure({ enabled: false, openOnPredictableFeed }, predictable)).toBe(
          'trading_off',
        );
      }
    }
  });

  it('by default: a secure feed, and no second contract on a predictable one', () => {
    const config = loadConfig({});
    expect(config.marketSeed).toBeUndefined();
    expect(config.option.openOnPredictableFeed).toBe(false);
    const seeded = loadConfig({ MARKET_SEED: '1', OPTION_PREDICTABLE_FEED: 'true' });
    expect(seeded.marketSeed).toBe(1);
    expect(seeded.option.openOnPredictableFeed).toBe(true);
  });
});

describe('the start', () => {
  const warnings = (settings: typeof on, feeds: string[]) => {
    const warn = vi.fn();
    logOptionGate({ warn }, settings, feeds);
    return warn.mock.calls.map(([, message]) => message);
  };

  it('warns while the setting is on, whatever the feed', () => {
    const allowed = { ...on, openOnPredictableFeed: true };
    expect(warnings(allowed, ['simulated'])).toEqual([predictableFeedAllowedWarning]);
    expect(warnings(allowed, [])).toEqual([predictableFeedAllowedWarning]);
  });

  it('warns that the product is closed on a predictable feed', () => {
    expect(warnings(on, ['replay'])).toEqual([predictableFeedClosedWarning]);
  });

  it('says nothing on an unpredictable feed, or with the product line off', () => {
    expect(warnings(on, [])).toEqual([]);
    expect(warnings({ enabled: false, openOnPredictableFeed: true }, ['simulated'])).toEqual([]);
  });
});
