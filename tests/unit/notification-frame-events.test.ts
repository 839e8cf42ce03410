// Which of a user's frames the notification centre records, and under which key: a credited
// deposit once whatever its confirmations did, a withdrawal's approval, sending, failure and
// rejection (never its request or an operator's reason), the verification's decision, and the
// products' outcomes they declare: a second contract settled, a position closed by liquidation,
// take-profit or stop-loss with a fill, an AI order matured, a pre-sale's tokens distributed.
import { describe, expect, it } from 'vitest';
import { aiFrameEvents } from '../../server/ai/notification-events.ts';
import { contractFrameEvents } from '../../server/contract/notification-events.ts';
import { declareFrameEvents, frameEvents } from '../../server/notifications/frame-events.ts';
import { optionFrameEvents } from '../../server/option/notification-events.ts';
import { subscriptionFrameEvents } from '../../server/subscription/notification-events.ts';

const at = '2026-11-29T10:00:00.000Z';

const depositRow = (id: number, status: string) => ({
  id,
  asset: 'USDT',
  chain: 'TRC20',
  txid: `tx${id}`,
  address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
  amount: '50000',
  confirmations: 20,
  required_confirmations: 20,
  status,
  explorer_url: null,
  created_at: at,
  credited_at: status === 'credited' ? at : null,
});

const withdrawalRow = (id: number, status: string) => ({
  id,
  asset: 'USDT',
  chain: 'TRC20',
  address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
  amount: '50',
  fee: '1',
  status,
  reason: status === 'rejected' ? 'address unsafe' : null,
  txid: null,
  confirmations: 0,
  explorer_url: null,
  created_at: at,
  updated_at: at,
});

const optionRow = (id: number, outcome: string | null) => ({
  id,
  symbol: 'BTCUSDT',
  direction: 'up',
  unit: 'minute',
  length: 1,
  stake: '100',
  payout_rate: '0.8',
  accepted_at: at,
  open_time: at,
  expiry_time: at,
  open_price: '60000',
  open_print_at: at,
  settle_price: outcome ? '60100' : null,
  settle_print_at: outcome ? at : null,
  status: outcome ? 'settled' : 'open',
  outcome,
  payout: outcome === 'win' ? '180' : outcome === 'lose' ? '0' : null,
  settled_at: outcome ? at : null,
});

const contractOrder = (id: number, purpose: string, status: string, filled: string) => ({
  id,
  symbol: 'BTCUSDT',
  side: 'sell',
  type: 'market',
  purpose,
  price: '0',
  quantity: '0.5',
  leverage: 10,
  margin_mode: 'cross',
  reduce_only: true,
  filled_quantity: filled,
  avg_price: filled === '0' ? null : '61000.5',
  fee: '0',
  realized_pnl: '0',
  status,
  cancel_reason: null,
  created_at: at,
  updated_at: at,
});

const aiOrder = (id: number, status: string) => ({
  id,
  product_id: 2,
  name: 'Steady 30',
  asset: 'USDT',
  principal: '1000',
  apr: '12',
  days: 30,
  bought_at: at,
  matures_at: at,
  schedule: [{ date: at, amount: '0.32876712', paid: true }],
  paid: '9.86301360',
  next_payment: null,
  status,
  withdrawn_at: status === 'withdrawn' ? at : null,
  withdrawn: status === 'withdrawn' ? '990.13698640' : null,
});

const presaleRecord = (projectId: number, winning: string | null, refund: string | null) => ({
  project_id: projectId,
  name: 'Nova launch',
  asset: 'NOVA',
  price: '0.5',
  payment: '300',
  winning,
  refund,
  profit: null,
  profit_ratio: null,
  stage: 'winning',
  committed_at: at,
});

describe("the wallet's and verification's frames", () => {
  it('records a credited deposit by its id, and no deposit still confirming', () => {
    expect(
      frameEvents('deposits', [depositRow(7, 'confirming'), depositRow(8, 'credited')]),
    ).toEqual([
      {
        key: 'deposit:8',
        event: {
          kind: 'deposit_credited',
          params: { id: 8, asset: 'USDT', amount: '50000' },
        },
      },
    ]);
  });

  it("records each of a withdrawal's outcomes once, without the operator's words", () => {
    const statuses = ['pending', 'approved', 'sent', 'failed', 'rejected', 'cancelled'];
    const events = statuses.flatMap((status) =>
      frameEvents('withdrawals', [withdrawalRow(3, status)]),
    );
    expect(events.map((event) => [event.key, event.event.kind])).toEqual([
      ['withdrawal:3:approved', 'withdrawal_approved'],
      ['withdrawal:3:sent', 'withdrawal_sent'],
      ['withdrawal:3:failed', 'withdrawal_failed'],
      ['withdrawal:3:rejected', 'withdrawal_rejected'],
    ]);
    expect(JSON.stringify(events)).not.toContain('unsafe');
  });

  it('records each verification decision, told apart by when it was made', () => {
    const info = (status: string, reviewed: string | null) => ({
      status,
      real_name: null,
      id_number: null,
      submitted_at: at,
      reviewed_at: reviewed,
      reject_reason: status === 'rejected' ? 'blurred photo' : null,
    });
    expect(frameEvents('kyc', info('pending', null))).toEqual([]);
    const rejected = frameEvents('kyc', info('rejected', at));
    const approved = frameEvents('kyc', info('verified', '2026-11-29T11:00:00.000Z'));
    expect(rejected.map((event) => event.event)).toEqual([
      { kind: 'verification_rejected', params: {} },
    ]);
    expect(approved.map((event) => event.event.kind)).toEqual(['verification_approved']);
    expect(rejected[0]?.key).not.toBe(approved[0]?.key);
  });

  it('records nothing from a malformed frame or a channel nobody declared', () => {
    expect(frameEvents('deposits', [{ id: 'x' }])).toEqual([]);
    expect(frameEvents('balances', [])).toEqual([]);
  });
});

describe("the products' declared frames", () => {
  it('records a second contract once it is settled, as won, lost or refunded', () => {
    declareFrameEvents('options', optionFrameEvents);
    const events = frameEvents('options', [
      optionRow(1, null),
      optionRow(2, 'win'),
      optionRow(3, 'lose'),
      optionRow(4, 'refund'),
    ]);
    expect(events).toEqual([
      {
        key: 'option:2',
        event: {
          kind: 'option_won',
          params: { id: 2, symbol: 'BTCUSDT', stake: '100', payout: '180' },
        },
      },
      expect.objectContaining({
        key: 'option:3',
        event: expect.objectContaining({ kind: 'option_lost' }),
      }),
      expect.objectContaining({
        key: 'option:4',
        event: expect.objectContaining({ kind: 'option_refunded' }),
      }),
    ]);
  });

  it('records a position closed by liquidation, take-profit or stop-loss with a fill', () => {
    declareFrameEvents('contract-orders', contractFrameEvents);
    const events = frameEvents('contract-orders', [
      contractOrder(1, 'user', 'filled', '0.5'),
      contractOrder(2, 'tp', 'open', '0'),
      contractOrder(3, 'tp', 'filled', '0.5'),
      contractOrder(4, 'sl', 'cancelled', '0'),
      contractOrder(5, 'liquidation', 'cancelled', '0.2'),
    ]);
    expect(events).toEqual([
      {
        key: 'contract-order:3',
        event: {
          kind: 'take_profit_triggered',
          params: { symbol: 'BTCUSDT', quantity: '0.5', price: '61000.5' },
        },
      },
      {
        key: 'contract-order:5',
        event: {
          kind: 'position_liquidated',
          params: { symbol: 'BTCUSDT', quantity: '0.2', price: '61000.5' },
        },
      },
    ]);
  });

  it('records an AI order once it matured, with its principal and what it earned', () => {
    declareFrameEvents('ai-order-updates', aiFrameEvents);
    const events = frameEvents('ai-order-updates', [
      aiOrder(1, 'active'),
      aiOrder(2, 'finished'),
      aiOrder(3, 'withdrawn'),
    ]);
    expect(events).toEqual([
      {
        key: 'ai:2',
        event: {
          kind: 'ai_matured',
          params: { id: 2, asset: 'USDT', amount: '1000', earned: '9.86301360' },
        },
      },
    ]);
    expect(JSON.stringify(events)).not.toContain('Steady');
  });

  it("records a pre-sale's distribution per project, as tokens credited or all refunded", () => {
    declareFrameEvents('subscription-updates', subscriptionFrameEvents);
    const events = frameEvents('subscription-updates', [
      presaleRecord(4, '400', '100'),
      presaleRecord(5, '0', '300'),
      presaleRecord(6, null, null),
    ]);
    expect(events).toEqual([
      {
        key: 'subscription:4',
        event: {
          kind: 'subscription_distributed',
          params: { id: 4, asset: 'NOVA', quantity: '400', payout: '100' },
        },
      },
      {
        key: 'subscription:5',
        event: {
          kind: 'subscription_refunded',
          params: { id: 5, asset: 'NOVA', quantity: '0', payout: '300' },
        },
      },
    ]);
  });
});
