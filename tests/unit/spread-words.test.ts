// SPREAD_MARKETS names the modules whose markets run under leases of their own, by the word each
// declares (server/run-modules.ts): a word no module declares stops the start rather than leaving
// every market on the engines' node unsaid.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { modules } from '../../server/modules.ts';
import { checkSpreadWords } from '../../server/run-modules.ts';

describe('SPREAD_MARKETS', () => {
  it('takes a comma list of the words the modules declare', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://x/y',
      SPREAD_MARKETS: 'perpetual, spot',
    });
    expect(config.spreadMarkets).toEqual(['perpetual', 'spot']);
    expect(() => checkSpreadWords(config.spreadMarkets, modules)).not.toThrow();
  });

  it('reads none as nothing spread, and is nothing without PostgreSQL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).spreadMarkets).toEqual([]);
    expect(loadConfig({ SPREAD_MARKETS: 'spot' }).spreadMarkets).toEqual([]);
  });

  it('stops the start on a word no module spreads by', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://x/y', SPREAD_MARKETS: 'perpetual,spto' });
    expect(() => checkSpreadWords(config.spreadMarkets, modules)).toThrow(/spto/);
  });

  it('refuses what is not a word', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x/y', SPREAD_MARKETS: 'Spot!' })).toThrow();
  });
});
