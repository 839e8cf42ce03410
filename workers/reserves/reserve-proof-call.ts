// `GET /wallet/reserveProof` as the worker calls it. The answer's root and proof are read by the
// proof's own readers (core/wallet/proof-json.ts: every asset, amount, side and hash, stricter
// than a schema), not by the endpoint's schema in schemas/api/reserves.schema.ts: its per-asset
// records would bring zod's record parser into the worker's first file, which every visitor
// downloads, for this one page. tests/unit/reserves-handlers.test.ts holds the two to one path,
// method, access and list of errors.
import { z } from 'zod/mini';
import { defineEndpoint } from '../../schemas/endpoint.ts';

export const reserveProofCall = defineEndpoint({
  method: 'GET',
  path: '/wallet/reserveProof',
  summary: "The latest proof of reserves' root and the caller's proof that they are counted in it",
  auth: true,
  request: z.object({}),
  response: z.object({
    snapshot: z.object({ id: z.number(), created_at: z.string() }),
    root: z.unknown(),
    proof: z.unknown(),
    holdings: z.optional(z.unknown()),
  }),
  errors: ['reserve_proof_not_found'],
});

export type ReserveProofAnswerData = z.output<typeof reserveProofCall.response>;
