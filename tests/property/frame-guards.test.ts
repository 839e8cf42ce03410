// The socket's busiest frames are checked by hand (core/frame-guards.ts) instead of by their zod
// schemas: for any frame, well formed, slightly broken or anything at all, the hand-written checks
// accept and refuse exactly what the schemas do, and answer the same value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { frameEventBySchema } from '../../core/events.ts';
import { frameEvent } from '../../core/frame-event.ts';
import { readServerFrame } from '../../core/frame-guards.ts';
import { channelData } from '../../schemas/channel-data.ts';
import { privateChannels } from '../../schemas/channels.ts';
import { serverFrameSchema } from '../../schemas/socket.schema.ts';

const runs = Number(process.env.FRAME_GUARD_RUNS ?? 2000);

const decimal = fc.oneof(
  fc.stringMatching(/^-?\d{1,8}(\.\d{1,8})?$/),
  // Near misses: what a decimal pattern must refuse.
  fc.constantFrom('1.', '.5', '1e5', ' 1', '1,5', '', '--1', '0x10', 'NaN'),
);
const integer = fc.oneof(
  fc.integer(),
  fc.constantFrom(2 ** 53, -(2 ** 53), 1.5, Number.MAX_SAFE_INTEGER),
);
/** Any JSON value, for a field that should have been something else. */
const junk = fc.jsonValue({ maxDepth: 2 });
/** Mostly the right thing, sometimes anything. */
const mostly = <T>(right: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 6, arbitrary: right }, { weight: 1, arbitrary: junk });

const level = mostly(fc.tuple(mostly(decimal), mostly(decimal)));
const levelish = fc.oneof(level, fc.tuple(decimal, decimal, decimal));
const ticker = mostly(
  fc.record(
    {
      last: mostly(decimal),
      change_pct: mostly(decimal),
      high: mostly(decimal),
      low: mostly(decimal),
      volume: mostly(decimal),
      quote_volume: mostly(decimal),
      index: mostly(decimal),
      stale: mostly(fc.boolean()),
      feed: mostly(fc.string()),
      extra: fc.string(),
    },
    {
      requiredKeys: [
        'last',
        'change_pct',
        'high',
        'low',
        'volume',
        'quote_volume',
        'index',
        'stale',
        'feed',
      ],
    },
  ),
);
const depth = mostly(
  fc.record(
    {
      type: mostly(fc.constantFrom('snapshot', 'diff')),
      prev: mostly(integer),
      bids: mostly(fc.array(levelish, { maxLength: 4 })),
      asks: mostly(fc.array(levelish, { maxLength: 4 })),
      extra: fc.nat(),
    },
    { requiredKeys: ['type', 'bids', 'asks'] },
  ),
);
const trades = mostly(
  fc.array(
    mostly(
      fc.tuple(
        mostly(decimal),
        mostly(decimal),
        mostly(fc.constantFrom('buy', 'sell', 'hold')),
        mostly(integer),
      ),
    ),
    { maxLength: 4 },
  ),
);
const candles = mostly(
  fc.array(
    mostly(
      fc.tuple(
        mostly(integer),
        mostly(decimal),
        mostly(decimal),
        mostly(decimal),
        mostly(decimal),
        mostly(decimal),
      ),
    ),
    { maxLength: 3 },
  ),
);

const channelFrame = fc.oneof(
  fc.record({ channel: fc.constantFrom('ticker.BTCUSDT', 'ticker.ETHUSDT'), data: ticker }),
  fc.record({ channel: fc.constantFrom('depth.BTCUSDT', 'contract-depth.BTCUSDT'), data: depth }),
  fc.record({
    channel: fc.constantFrom('trades.BTCUSDT', 'contract-trades.SOLUSDT'),
    data: trades,
  }),
  fc.record({ channel: fc.constantFrom('kline.BTCUSDT.1m', 'kline.ETHUSDT.4h'), data: candles }),
);

describe('hand-written frame checks', () => {
  it('take in every busy channel exactly what its schema takes, as the schema gives it', () => {
    fc.assert(
      fc.property(channelFrame, integer, fc.integer(), ({ channel, data }, seq, ts) => {
        const frame = { channel, seq, ts, data };
        expect(frameEvent(frame, channelData)).toEqual(frameEventBySchema(frame));
      }),
      { numRuns: runs },
    );
  });

  it('take in the other channels what their schemas take, given them, and nothing without', () => {
    const schemaChecked = fc.constantFrom(...privateChannels, 'mark.BTCUSDT', 'funding.ETHUSDT');
    fc.assert(
      fc.property(schemaChecked, junk, integer, fc.integer(), (channel, data, seq, ts) => {
        const frame = { channel, seq, ts, data };
        expect(frameEvent(frame, channelData)).toEqual(frameEventBySchema(frame));
        expect(frameEvent(frame, {})).toBeNull();
      }),
      { numRuns: runs },
    );
    const balances = [
      { wallet: 'funding', asset: 'USDT', available: '750', frozen: '0', value_usdt: null },
    ];
    const frame = { channel: 'balances', seq: 3, ts: 9, data: balances };
    expect(frameEvent(frame, { balances: channelData.balances })).toEqual(
      frameEventBySchema(frame),
    );
    expect(frameEventBySchema(frame)).not.toBeNull();
    expect(frameEvent(frame, { orders: channelData.orders })).toBeNull();
  });

  it('read the envelope of any frame as the schema of server frames does', () => {
    const envelope = fc.oneof(
      fc.record(
        { op: mostly(fc.constant('pong')), ts: mostly(fc.integer()), channel: fc.string() },
        { requiredKeys: ['op'] },
      ),
      fc.record(
        {
          op: mostly(fc.constant('error')),
          code: mostly(integer),
          msg: mostly(fc.string()),
          channel: mostly(fc.string()),
        },
        { requiredKeys: ['op'] },
      ),
      fc.record(
        { channel: mostly(fc.string()), seq: mostly(integer), ts: mostly(fc.double()), data: junk },
        { requiredKeys: ['channel'] },
      ),
      junk,
    );
    fc.assert(
      fc.property(envelope, (value) => {
        const parsed = serverFrameSchema.safeParse(value);
        expect(readServerFrame(value)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: runs },
    );
  });
});
