// What an API call is: its route, who may call it, what it takes and what it answers.
import type { z } from 'zod/mini';
import type { ErrorName } from './errors.ts';

export interface Endpoint<
  Req extends z.ZodMiniType = z.ZodMiniType,
  Res extends z.ZodMiniType = z.ZodMiniType,
> {
  method: 'GET' | 'POST';
  /** Path under `/api`, in the `/controller/action` style (docs/product.md §6). */
  path: string;
  summary: string;
  /** Whether a bearer token is required (code 999 without a live one). */
  auth: boolean;
  /** Query for GET, body for POST (form-encoded, JSON or multipart). */
  request: Req;
  /** The `data` of a successful envelope. */
  response: Res;
  /** Business errors this call may answer, beyond field validation and 999. */
  errors: readonly ErrorName[];
  /** Multipart with a file field. */
  upload?: boolean;
}

/** Keeps the literal types (`auth: true`, the schemas) so handlers are typed from the definition. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

/** What a handler receives: the request after parsing (defaults filled, values normalised). */
export type RequestOf<E extends Endpoint> = z.output<E['request']>;
/** What a handler returns: the response before it is checked against its schema. */
export type ResponseOf<E extends Endpoint> = z.input<E['response']>;
