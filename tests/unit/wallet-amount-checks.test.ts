// The withdraw and transfer forms' own checks: exact decimal strings, "max" is available − fee,
// and the limits the server applies (≤ 8 decimals, ≥ minimum, amount + fee ≤ available).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayAmount, parseAmount } from '../../core/money.ts';
import {
  checkTransferAmount,
  checkWithdrawAmount,
  maxWithdrawable,
  withdrawalCost,
} from '../../src/ui/amount-checks.ts';
import { withdrawProblems } from '../../src/wallet/withdraw-checks.ts';

const limits = { available: '100.5', fee: '1', minimum: '10' };

describe('max withdrawal', () => {
  it('is what is available less the fee, exact where floats are not', () => {
    expect(maxWithdrawable('100.5', '1')).toBe('99.5');
    expect(maxWithdrawable('0.3', '0.1')).toBe('0.2');
    expect(maxWithdrawable('0.00030000', '0.0002')).toBe('0.0001');
    expect(maxWithdrawable('12345678901234567890.12345678', '0.00000001')).toBe(
      '12345678901234567890.12345677',
    );
  });

  it('is zero, never negative, when the fee eats the balance', () => {
    expect(maxWithdrawable('0.5', '1')).toBe('0');
    expect(maxWithdrawable('1', '1')).toBe('0');
    expect(maxWithdrawable('0', '1')).toBe('0');
  });

  it('passes the check when it reaches the minimum, and one atom more does not', () => {
    const atoms = fc.bigInt({ min: 0n, max: 10n ** 20n });
    fc.assert(
      fc.property(atoms, atoms, atoms, (available, fee, minimum) => {
        const input = {
          available: displayAmount(available),
          fee: displayAmount(fee),
          minimum: displayAmount(minimum),
        };
        const max = maxWithdrawable(input.available, input.fee);
        const maxAtoms = parseAmount(max) ?? -1n;
        expect(maxAtoms).toBe(available > fee ? available - fee : 0n);
        if (maxAtoms > 0n && maxAtoms >= minimum) {
          expect(checkWithdrawAmount({ ...input, amount: max })).toBeNull();
        }
        const over = displayAmount(maxAtoms + 1n);
        expect(['insufficient', 'belowMinimum']).toContain(
          checkWithdrawAmount({ ...input, amount: over }),
        );
      }),
    );
  });
});

describe('withdraw amount', () => {
  it('asks for an amount, and for a positive one of at most 8 decimals', () => {
    expect(checkWithdrawAmount({ ...limits, amount: '' })).toBe('required');
    expect(checkWithdrawAmount({ ...limits, amount: '  ' })).toBe('required');
    expect(checkWithdrawAmount({ ...limits, amount: '0' })).toBe('invalid');
    expect(checkWithdrawAmount({ ...limits, amount: '12.123456789' })).toBe('invalid');
    expect(checkWithdrawAmount({ ...limits, amount: '-12' })).toBe('invalid');
    expect(checkWithdrawAmount({ ...limits, amount: '1e3' })).toBe('invalid');
    expect(checkWithdrawAmount({ ...limits, amount: '12.12345678' })).toBeNull();
  });

  it('holds the minimum and what is available with the fee on top', () => {
    expect(checkWithdrawAmount({ ...limits, amount: '9.99999999' })).toBe('belowMinimum');
    expect(checkWithdrawAmount({ ...limits, amount: '10' })).toBeNull();
    expect(checkWithdrawAmount({ ...limits, amount: '99.5' })).toBeNull();
    expect(checkWithdrawAmount({ ...limits, amount: '99.50000001' })).toBe('insufficient');
  });

  it('leaves the balance to the server while it is not known', () => {
    expect(checkWithdrawAmount({ ...limits, available: null, amount: '1000000' })).toBeNull();
  });

  it('costs the amount plus the fee', () => {
    expect(withdrawalCost('99.5', '1')).toBe('100.5');
    expect(withdrawalCost('0.1', '0.2')).toBe('0.3');
    expect(withdrawalCost('abc', '1')).toBeNull();
  });
});

describe('withdraw form', () => {
  const draft = {
    address: 'TXYZ',
    amount: '20',
    tradePassword: '482916',
    emailCode: '135790',
    totpCode: '',
  };
  const blank = { address: ' ', amount: '', tradePassword: '', emailCode: '', totpCode: '' };

  it('flags every field with a problem at once', () => {
    expect(withdrawProblems(blank, limits)).toEqual({
      address: 'required',
      amount: 'required',
      tradePassword: 'required',
      emailCode: 'required',
    });
    expect(
      withdrawProblems({ ...draft, amount: '5', tradePassword: '12345', emailCode: '12a' }, limits),
    ).toEqual({ amount: 'belowMinimum', tradePassword: 'invalid', emailCode: 'invalid' });
    expect(withdrawProblems(draft, limits)).toEqual({});
  });

  it('asks for the authenticator code only when it is what confirms', () => {
    expect(withdrawProblems(draft, limits, 'totp')).toEqual({ totpCode: 'required' });
    expect(withdrawProblems({ ...draft, totpCode: '12345' }, limits, 'totp')).toEqual({
      totpCode: 'invalid',
    });
    expect(withdrawProblems({ ...draft, totpCode: ' 123456 ' }, limits, 'totp')).toEqual({});
    // A passkey confirms instead: the authenticator's field is not asked for.
    expect(withdrawProblems(draft, limits, 'passkey')).toEqual({});
  });
});

describe('transfer amount', () => {
  it('takes "all" when there is something to move', () => {
    expect(checkTransferAmount('all', '5')).toBeNull();
    expect(checkTransferAmount('all', '0')).toBe('insufficient');
    expect(checkTransferAmount('all', null)).toBeNull();
  });

  it('takes a typed quantity up to what is available', () => {
    expect(checkTransferAmount('', '5')).toBe('required');
    expect(checkTransferAmount('5', '5')).toBeNull();
    expect(checkTransferAmount('5.00000001', '5')).toBe('insufficient');
    expect(checkTransferAmount('0.000000001', '5')).toBe('invalid');
  });
});
