// The door's errors: Binance's codes, words and HTTP statuses, and the app's business errors as
// Binance names them.
import { describe, expect, it } from 'vitest';
import { type ErrorName, errorCodes } from '../../schemas/errors.ts';
import { binanceErrorOf, doorErrors } from '../../server/binance/errors.ts';

describe('doorErrors', () => {
  it.each([
    [doorErrors.timestampOutsideWindow(), -1021, 400],
    [doorErrors.badSignature(), -1022, 400],
    [doorErrors.badApiKeyFormat(), -2014, 401],
    [doorErrors.rejectedKey(), -2015, 401],
    [doorErrors.mandatoryParameter('timestamp'), -1102, 400],
    [doorErrors.tooMuchWeight(6000, 12), -1003, 429],
    [doorErrors.banned(1_000, 120), -1003, 418],
    [doorErrors.unknown(), -1000, 500],
  ])('%s answers code %i with HTTP %i', (error, code, status) => {
    expect(error.body).toEqual({ code, msg: error.msg });
    expect(error.httpStatus).toBe(status);
  });

  it("words the key's refusal and the time window as Binance does", () => {
    expect(doorErrors.rejectedKey().msg).toBe('Invalid API-key, IP, or permissions for action.');
    expect(doorErrors.timestampOutsideWindow().msg).toBe(
      'Timestamp for this request is outside of the recvWindow.',
    );
    expect(doorErrors.badSignature().msg).toBe('Signature for this request is not valid.');
  });

  it('tells when to try again over the weight and while banned', () => {
    expect(doorErrors.tooMuchWeight(6000, 12).headers).toEqual({ 'retry-after': '12' });
    expect(doorErrors.banned(1_000, 120).headers).toEqual({ 'retry-after': '120' });
  });
});

describe('binanceErrorOf', () => {
  it('gives the names Binance has a code for their Binance words', () => {
    expect(binanceErrorOf('balance_insufficient', { kind: 'order' }).body).toEqual({
      code: -2010,
      msg: 'Account has insufficient balance for requested action.',
    });
    expect(binanceErrorOf('order_not_found').body).toEqual({
      code: -2013,
      msg: 'Order does not exist.',
    });
    expect(binanceErrorOf('order_not_found', { kind: 'cancel' }).code).toBe(-2011);
    expect(binanceErrorOf('market_unknown').code).toBe(-1121);
    expect(binanceErrorOf('price_off_tick').body).toEqual({
      code: -1013,
      msg: 'Filter failure: PRICE_FILTER',
    });
    expect(binanceErrorOf('field_required', { field: 'symbol' }).code).toBe(-1102);
  });

  it('refuses any other name as the call it was, in 4XX unless the exchange failed', () => {
    for (const name of Object.keys(errorCodes) as ErrorName[]) {
      const order = binanceErrorOf(name, { kind: 'order' });
      expect(order.code, name).toBeLessThan(0);
      expect(order.msg.length, name).toBeGreaterThan(0);
      if (name !== 'server_error' && name !== 'engine_unavailable') {
        expect(order.httpStatus, name).toBeLessThan(500);
      }
    }
    expect(binanceErrorOf('two_factor_required', { kind: 'order' }).code).toBe(-2010);
    expect(binanceErrorOf('two_factor_required', { kind: 'cancel' }).code).toBe(-2011);
    expect(binanceErrorOf('two_factor_required').code).toBe(-1000);
  });
});
