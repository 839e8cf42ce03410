// The reconciliation's arithmetic with plain numbers (docs/wallet.md § "Reconciliation"): after
// deposits, a sweep with its gas and a withdrawal, what the chain holds less what the ledger owes
// is exactly the named differences, nothing unexplained; dust below the ledger's eighth decimal is
// taken as dust only within its bound; a payment from outside is unexplained, whole.
import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { knownLines } from '../../server/chain/reconcile.ts';
import { reconcile } from '../../server/chain/reconcile-formula.ts';
import type { LedgerSide } from '../../server/chain/reconcile-ledger.ts';
import { signedAtoms } from '../../server/chain/reconcile-ledger.ts';

const atoms = (text: string) => signedAtoms(text);
const none: LedgerSide = {
  users: 0n,
  inFlight: 0n,
  fees: 0n,
  platform: 0n,
  creditedOther: 0n,
  sentOther: 0n,
  confirmingReal: 0n,
  realDeposits: 0,
  sentNotMined: 0n,
  minedInFlight: 0n,
  networkFeesWei: 0n,
};
const lineOf = (lines: { name: string; amount: bigint }[], name: string) =>
  lines.find((line) => line.name === name)?.amount;

describe('the reconciliation of ether', () => {
  // Deposits of 1.5 ETH + 123 wei and 0.25 ETH; a sweep of the first paid 21,000 gas at 2 gwei;
  // a withdrawal of 0.4 ETH with a 0.001 fee was confirmed and paid 42,000 gwei more of gas.
  const sweepFee = 21_000n * 2_000_000_000n;
  const withdrawalGas = 42_000_000_000_000n;
  const chain = parseEther('1.75') + 123n - sweepFee - parseEther('0.4') - withdrawalGas;
  const side: LedgerSide = {
    ...none,
    users: atoms('1.349'),
    fees: atoms('0.001'),
    realDeposits: 2,
    networkFeesWei: sweepFee + withdrawalGas,
  };

  it('leaves nothing unexplained: fees earned, gas paid and the dust name the whole difference', () => {
    const result = reconcile({
      holdings: chain,
      users: side.users * 10n ** 10n,
      inFlight: 0n,
      lines: knownLines('ETH', side),
      dustBound: 2n * (10n ** 10n - 1n),
    });
    expect(result.difference).toBe(parseEther('0.001') + 123n - sweepFee - withdrawalGas);
    expect(lineOf(result.lines, 'withdrawal_fees')).toBe(parseEther('0.001'));
    expect(lineOf(result.lines, 'network_fees')).toBe(-(sweepFee + withdrawalGas));
    expect(result.dust).toBe(123n);
    expect(result.unexplained).toBe(0n);
    expect(result.covered).toBe(true);
  });

  it('shows a payment from outside as unexplained, dust and all, never as dust', () => {
    const result = reconcile({
      holdings: chain + parseEther('0.3'),
      users: side.users * 10n ** 10n,
      inFlight: 0n,
      lines: knownLines('ETH', side),
      dustBound: 2n * (10n ** 10n - 1n),
    });
    expect(result.dust).toBe(0n);
    expect(result.unexplained).toBe(parseEther('0.3') + 123n);
  });

  it('takes a shortfall below the dust bound as unexplained too: dust is never negative', () => {
    const result = reconcile({
      holdings: chain - 200n,
      users: side.users * 10n ** 10n,
      inFlight: 0n,
      lines: knownLines('ETH', side),
      dustBound: 2n * (10n ** 10n - 1n),
    });
    expect(result.unexplained).toBe(-77n);
  });

  it('names a withdrawal mined but still in flight, and a deposit still confirming', () => {
    // 2 ETH deposited and credited, 0.5 ETH more confirming; a withdrawal of 1 ETH (fee 0.01)
    // approved and mined, not yet confirmed: the ledger still owes it in flight.
    const inFlight: LedgerSide = {
      ...none,
      users: atoms('0.99'),
      inFlight: atoms('1'),
      fees: atoms('0.01'),
      confirmingReal: atoms('0.5'),
      realDeposits: 2,
      minedInFlight: atoms('1'),
      networkFeesWei: 21_000n,
    };
    const result = reconcile({
      holdings: parseEther('1.5') - 21_000n,
      users: inFlight.users * 10n ** 10n,
      inFlight: inFlight.inFlight * 10n ** 10n,
      lines: knownLines('ETH', inFlight),
      dustBound: 2n * (10n ** 10n - 1n),
    });
    expect(lineOf(result.lines, 'withdrawals_mined_in_flight')).toBe(-parseEther('1'));
    expect(lineOf(result.lines, 'deposits_confirming')).toBe(parseEther('0.5'));
    expect(result.unexplained).toBe(0n);
  });
});

describe('the reconciliation of USDT', () => {
  it('names a simulated deposit as a known shortfall, in units of 10⁻⁸', () => {
    // 250 USDT from the chain, 100 more from the simulated chain, 0.5 in the liquidity
    // provider's and products' accounts with nothing on chain behind them.
    const side: LedgerSide = {
      ...none,
      users: atoms('350.5'),
      platform: atoms('-0.5'),
      creditedOther: atoms('100'),
      realDeposits: 1,
    };
    const result = reconcile({
      holdings: 250_000_000n * 100n,
      users: side.users,
      inFlight: 0n,
      lines: knownLines('USDT', side),
      dustBound: 0n,
    });
    expect(lineOf(result.lines, 'simulated_and_other_chains')).toBe(-atoms('100'));
    expect(lineOf(result.lines, 'platform_accounts')).toBe(-atoms('0.5'));
    expect(lineOf(result.lines, 'network_fees')).toBeUndefined();
    expect(result.unexplained).toBe(0n);
    expect(result.covered).toBe(false);
  });
});

describe('signed sums of the ledger', () => {
  it('read as atoms, negative or empty', () => {
    expect(signedAtoms('-12.50000000')).toBe(-1_250_000_000n);
    expect(signedAtoms(null)).toBe(0n);
    expect(() => signedAtoms('1.123456789')).toThrow();
  });
});
