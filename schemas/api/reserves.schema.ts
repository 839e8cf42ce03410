// The proof of reserves (docs/wallet.md § "Proof of reserves"): the latest snapshot's published
// root and the caller's own proof, both in the file format of core/wallet/proof-json.ts, so what
// the app shows is what `scripts/verify-proof.ts` checks.
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { decimalString, timestamp } from '../primitives.ts';

/** One decimal string of eight places or fewer per asset of the tree. */
const amounts = z.record(z.string(), decimalString);

export const reservesRootSchema = z.object({
  version: z.number(),
  assets: z.array(z.string()),
  /** Hex of the root node's hash. */
  hash: z.string(),
  totals: amounts,
  users: z.number(),
});

export const reservesProofSchema = z.object({
  version: z.number(),
  assets: z.array(z.string()),
  userId: z.string(),
  /** The caller's own secret: with it their leaf can be found, so it is shown to them alone. */
  salt: z.string(),
  balances: amounts,
  path: z.array(z.object({ side: z.enum(['left', 'right']), hash: z.string(), sums: amounts })),
});

/**
 * What the exchange held on chain when the snapshot was taken, per asset in the chain's decimals
 * (18 for ETH), each address with its amount and the block read; null when no real chain is
 * configured, so the totals stand without holdings beside them.
 */
export const reserveHoldingsSchema = z.nullable(
  z.object({
    network: z.string(),
    chain_id: z.number(),
    block_number: z.string(),
    addresses_read: z.number(),
    assets: z.record(
      z.string(),
      z.object({
        total: decimalString,
        addresses: z.array(
          z.object({
            address: z.string(),
            kind: z.enum(['hot', 'deposit']),
            amount: decimalString,
          }),
        ),
      }),
    ),
  }),
);

export const reserveProof = defineEndpoint({
  method: 'GET',
  path: '/wallet/reserveProof',
  summary: "The latest proof of reserves' root and the caller's proof that they are counted in it",
  auth: true,
  request: z.object({}),
  response: z.object({
    snapshot: z.object({ id: z.number(), created_at: timestamp }),
    root: reservesRootSchema,
    proof: reservesProofSchema,
    holdings: reserveHoldingsSchema,
  }),
  errors: ['reserve_proof_not_found'],
});
