// The wallet pages read an asset and a chain from their address without zod: they must read every
// string exactly as the server's schemas do, or a link would open another asset than it names.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assetSchema, chainSchema } from '../../schemas/api/wallet.schema.ts';
import { chainNames, readAsset, readChain } from '../../schemas/wallet-names.ts';

const written = fc.oneof(
  fc.string(),
  fc.constantFrom(...chainNames).map((chain) => ` ${chain.toLowerCase()} `),
  fc.stringMatching(/^\s?[A-Za-z0-9]{1,12}\s?$/),
);
const asRead = (parsed: { success: boolean; data?: unknown }) =>
  parsed.success ? parsed.data : null;

describe('an asset or a chain read from a link', () => {
  it('reads as the server reads it', () => {
    fc.assert(
      fc.property(written, (value) => {
        expect(readAsset(value)).toEqual(asRead(assetSchema.safeParse(value)));
        expect(readChain(value)).toEqual(asRead(chainSchema.safeParse(value)));
      }),
    );
  });

  it('reads nothing from what is not a string', () => {
    for (const value of [undefined, null, 7, ['BTC'], { asset: 'BTC' }]) {
      expect([readAsset(value), readChain(value)]).toEqual([null, null]);
    }
  });
});
