// Settings come from the environment; defaults need nothing, and a bad value names its variable.

import { mkdtempSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('runs on the embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      natsUrl: undefined,
      nodeId: `${os.hostname()}:8080`,
      leasePlacement: 'rendezvous',
      marketFeeds: ['simulated'],
      markets: ['BTC', 'ETH', 'SOL', 'XRP', 'DOGE', 'BNB', 'ADA', 'LTC'],
      smtpUrl: undefined,
      inviteRequired: false,
      trustProxy: false,
      homeUsersThreshold: 1000,
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/meridian',
      DATABASE_URL: 'postgres://db/meridian',
      NATS_URL: 'nats://bus:4222',
      NODE_ID: 'node-2.eu:9000',
      LEASE_PLACEMENT: 'least-loaded',
      MARKET_FEED: 'replay:/tmp/ticks.ndjson,simulated',
      MARKET_SEED: '7',
      MARKETS: 'btc,eth',
      MARKET_HISTORY_DAYS: '2',
      INDEX_STALE_SECONDS: '10',
      INDEX_MAX_DEVIATION_PCT: '2.5',
      HOME_REGIONS: '50',
      HOME_ORDERS_PER_SECOND: '1200',
      HOME_USERS_THRESHOLD: '5000',
      SPOT_TRADING: 'false',
      SPOT_MAKER_FEE: '0.0002',
      SPOT_TAKER_FEE: '0.0015',
      SPOT_MIN_NOTIONAL: '10',
      LIQUIDITY_PROVIDER: 'false',
      LP_SPREAD_BPS: '20',
      LP_STEP_BPS: '4',
      LP_LEVELS: '5',
      LP_LEVEL_USDT: '500',
      LP_REFRESH_MS: '250',
      LP_SEED_USDT: '20000',
      SMTP_URL: 'smtps://user:pass@mail:465',
      INVITE_REQUIRED: 'true',
      SESSION_IDLE_MINUTES: '30',
      SESSION_MAX_DAYS: '2',
      TRUST_PROXY: 'loopback',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/srv/meridian',
      databaseUrl: 'postgres://db/meridian',
      nodeId: 'node-2.eu:9000',
      leasePlacement: 'least-loaded',
      natsUrl: 'nats://bus:4222',
      marketFeeds: ['replay:/tmp/ticks.ndjson', 'simulated'],
      marketSeed: 7,
      markets: ['BTC', 'ETH'],
      marketHistoryDays: 2,
      indexStaleMs: 10_000,
      indexMaxDeviation: 0.025,
      homeFigures: { regions: 50, orders_per_second: 1200 },
      homeUsersThreshold: 5000,
      spot: {
        enabled: false,
        makerFeePpm: 200,
        takerFeePpm: 1500,
        minNotional: 10n,
        liquidityProvider: {
          enabled: false,
          spreadBps: 20,
          stepBps: 4,
          levels: 5,
          levelQuote: 500n,
          refreshMs: 250,
          seedQuote: 20000n,
        },
      },
      smtpUrl: 'smtps://user:pass@mail:465',
      inviteRequired: true,
      sessionIdleMs: 30 * 60_000,
      sessionMaxMs: 2 * 86_400_000,
      trustProxy: 'loopback',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({
      databaseUrl: undefined,
      port: 8080,
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://db'],
    ['NATS_URL', 'http://bus'],
    ['NODE_ID', 'node a'],
    ['LEASE_PLACEMENT', 'random'],
    ['MARKET_FEED', 'Simulated!'],
    ['MARKET_FEED', 'simulated,'],
    ['MARKETS', 'BTC,NOPE'],
    ['MARKETS', 'BTC,BTC'],
    ['INDEX_MAX_DEVIATION_PCT', '0'],
    ['SMTP_URL', 'mail.example.com'],
    ['INVITE_REQUIRED', 'yes'],
    ['SESSION_IDLE_MINUTES', '0'],
    ['LOG_LEVEL', 'loud'],
    ['SPOT_TRADING', 'maybe'],
    ['SPOT_MAKER_FEE', '1'],
    ['SPOT_TAKER_FEE', '0.0000001'],
    ['SPOT_TAKER_FEE', '-0.001'],
    ['SPOT_MIN_NOTIONAL', '2.5'],
    ['LP_LEVELS', '0'],
    ['LP_REFRESH_MS', '10'],
    ['LP_SEED_USDT', 'lots'],
    ['API_KEY_SEALING_KEY', 'ab'.repeat(31)],
    ['API_KEY_SEALING_KEY', `${'ab'.repeat(31)}zz`],
  ])('refuses %s=%s and names the variable', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name}: `));
  });

  it("reads the API keys' sealing key, unset by default", () => {
    const key = 'a1'.repeat(32);
    expect(loadConfig({ API_KEY_SEALING_KEY: key }).apiKeySealingKey).toBe(key);
    expect(loadConfig({}).apiKeySealingKey).toBeUndefined();
  });

  it('lists every bad variable at once', () => {
    expect(problemsOf({ PORT: '-1', DATABASE_URL: 'nope' }).map((p) => p.split(':')[0])).toEqual([
      'PORT',
      'DATABASE_URL',
    ]);
  });
});

describe('WALLET_ASSETS_FILE', () => {
  const write = (content: string) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'meridian-assets-')), 'assets.json');
    writeFileSync(file, content);
    return file;
  };

  it('replaces the default assets with the operator table', () => {
    const file = write(
      JSON.stringify([
        {
          asset: 'USDT',
          chains: [
            {
              chain: 'TRC20',
              deposit: true,
              withdraw: false,
              withdraw_fee: '2',
              min_withdraw: '15',
              confirmations: 30,
            },
          ],
        },
      ]),
    );
    expect(loadConfig({ WALLET_ASSETS_FILE: file }).walletAssets).toEqual([
      {
        asset: 'USDT',
        chains: [
          {
            chain: 'TRC20',
            deposit: true,
            withdraw: false,
            withdrawFee: '2',
            minWithdraw: '15',
            confirmations: 30,
          },
        ],
      },
    ]);
  });

  it.each([
    ['not JSON', '{'],
    [
      'an unknown chain',
      '[{"asset":"USDT","chains":[{"chain":"SOL","deposit":true,"withdraw":true,"withdraw_fee":"1","min_withdraw":"1","confirmations":1}]}]',
    ],
    [
      'a fee with nine decimals',
      '[{"asset":"USDT","chains":[{"chain":"TRC20","deposit":true,"withdraw":true,"withdraw_fee":"0.123456789","min_withdraw":"1","confirmations":1}]}]',
    ],
  ])('refuses a file with %s, naming the variable', (_what, content) => {
    expect(problemsOf({ WALLET_ASSETS_FILE: write(content) })[0]).toMatch(/^WALLET_ASSETS_FILE: /);
  });

  it('refuses a file that does not exist', () => {
    expect(problemsOf({ WALLET_ASSETS_FILE: '/nonexistent/assets.json' })[0]).toMatch(
      /^WALLET_ASSETS_FILE: /,
    );
  });
});
