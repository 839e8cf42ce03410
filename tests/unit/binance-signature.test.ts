// The door's signature against the examples Binance publishes for signed requests (HMAC), and the
// reading of a request's parameters the signature is checked over.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readRequestParams } from '../../server/binance/request-params.ts';
import { signatureMatches, signTotalParams } from '../../server/binance/signature.ts';

// Binance's documented example key pair (a sample, not a live key).
const secret = 'NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j';
const orderQuery =
  'symbol=LTCBTC&side=BUY&type=LIMIT&timeInForce=GTC&quantity=1&price=0.1&recvWindow=5000&timestamp=1499827319559';
const querySignature = 'c8db56825ae71d6d79447849e617115f4a920fa2acdcab2b053c4b2838bd6b71';
const mixedQuery = 'symbol=LTCBTC&side=BUY&type=LIMIT&timeInForce=GTC';
const mixedBody = 'quantity=1&price=0.1&recvWindow=5000&timestamp=1499827319559';
const mixedSignature = '0fd168b8ddb4876a0358a8d14d0c9f3da0e9b20c5d52b2a00fcf7d1c602f9a77';

describe('signTotalParams', () => {
  it("matches Binance's example with every parameter in the query string (or the body)", () => {
    expect(signTotalParams(secret, orderQuery)).toBe(querySignature);
  });

  it("matches Binance's example mixing the query string and the body", () => {
    expect(signTotalParams(secret, mixedQuery + mixedBody)).toBe(mixedSignature);
  });
});

describe('signatureMatches', () => {
  it('accepts the signature in either case', () => {
    expect(signatureMatches(secret, orderQuery, querySignature)).toBe(true);
    expect(signatureMatches(secret, orderQuery, querySignature.toUpperCase())).toBe(true);
  });

  it('refuses another signature, a cut one, one that is not hex, and another secret', () => {
    expect(signatureMatches(secret, orderQuery, mixedSignature)).toBe(false);
    expect(signatureMatches(secret, orderQuery, querySignature.slice(1))).toBe(false);
    expect(signatureMatches(secret, orderQuery, `${querySignature.slice(1)}z`)).toBe(false);
    expect(signatureMatches(`${secret}x`, orderQuery, querySignature)).toBe(false);
  });

  it('refuses any change of the signed text', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (extra) => {
        expect(signatureMatches(secret, orderQuery + extra, querySignature)).toBe(false);
      }),
    );
  });
});

describe('readRequestParams', () => {
  it('reads the documented query-string request and what it signs', () => {
    const read = readRequestParams(`${orderQuery}&signature=${querySignature}`, '');
    expect(read).toMatchObject({
      signature: querySignature,
      totalParams: orderQuery,
      params: { symbol: 'LTCBTC', price: '0.1', timestamp: '1499827319559' },
    });
    expect(read).not.toHaveProperty('params.signature');
  });

  it('reads the documented body-only request', () => {
    const read = readRequestParams('', `${orderQuery}&signature=${querySignature}`);
    expect(read).toMatchObject({ signature: querySignature, totalParams: orderQuery });
  });

  it('reads the documented mixed request: query string then body, nothing between', () => {
    const read = readRequestParams(mixedQuery, `${mixedBody}&signature=${mixedSignature}`);
    expect(read).toMatchObject({
      signature: mixedSignature,
      totalParams: mixedQuery + mixedBody,
      params: { symbol: 'LTCBTC', quantity: '1', timeInForce: 'GTC' },
    });
    if ('totalParams' in read) {
      expect(signatureMatches(secret, read.totalParams, mixedSignature)).toBe(true);
    }
  });

  it("takes the query string's value of a parameter sent in both", () => {
    expect(readRequestParams('limit=5', 'limit=10')).toMatchObject({ params: { limit: '5' } });
  });

  it('decodes percent escapes and + as in a form', () => {
    expect(readRequestParams('a=x%2By+z', '')).toMatchObject({ params: { a: 'x+y z' } });
  });

  it('refuses a name sent twice in one part, and two signatures', () => {
    expect(readRequestParams('a=1&a=2', '')).toEqual({ kind: 'duplicate', name: 'a' });
    expect(readRequestParams('signature=ab', 'signature=ab')).toEqual({
      kind: 'duplicate',
      name: 'signature',
    });
  });

  it('refuses a signature that is not the end of its part', () => {
    expect(readRequestParams('signature=ab&a=1', '')).toEqual({ kind: 'signature_not_last' });
  });

  it('refuses a part that is not one key=value pair, and broken escapes', () => {
    expect(readRequestParams('a', '')).toMatchObject({ kind: 'malformed' });
    expect(readRequestParams('=1', '')).toMatchObject({ kind: 'malformed' });
    expect(readRequestParams('a=1=2', '')).toMatchObject({ kind: 'malformed' });
    expect(readRequestParams('a=%E0%A4%A', '')).toMatchObject({ kind: 'malformed' });
  });

  it('never reads other parameters under the same signed text when the boundary moves', () => {
    const whole = `${orderQuery}&signature=${querySignature}`;
    const signedEnd = orderQuery.length;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: signedEnd }), (at) => {
        const moved = readRequestParams(whole.slice(0, at), whole.slice(at));
        const original = readRequestParams(whole, '');
        // Either refused, or read as the very same parameters.
        if ('params' in moved && 'params' in original) {
          expect(moved.params).toEqual(original.params);
        }
      }),
    );
  });
});
