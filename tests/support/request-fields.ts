// The fields of the calls' requests, and their id fields: every field named `id` or `…_id`, with its schema as
// declared (optional and default wrappers taken off), for tests that sweep every id a client sends.
import type { z } from 'zod/mini';
import { endpoints } from '../../schemas/api.ts';
import type { Endpoint } from '../../schemas/endpoint.ts';

interface Inspectable {
  _zod: { def: { shape?: Record<string, Inspectable>; innerType?: Inspectable } };
}

export interface IdField {
  endpoint: Endpoint;
  name: string;
  schema: z.ZodMiniType;
}

/** The field schemas of a request, with optional and default wrappers taken off. */
function requestFields(request: z.ZodMiniType): [string, z.ZodMiniType][] {
  const shape = (request as unknown as Inspectable)._zod.def.shape ?? {};
  return Object.entries(shape).map(([name, field]) => {
    let inner = field;
    while (inner._zod.def.innerType) inner = inner._zod.def.innerType;
    return [name, inner as unknown as z.ZodMiniType];
  });
}

/** The names of a request's fields. */
export function requestFieldNames(request: z.ZodMiniType): string[] {
  return requestFields(request).map(([name]) => name);
}

export const idFields: readonly IdField[] = endpoints.flatMap((endpoint) =>
  requestFields(endpoint.request)
    .filter(([name]) => name === 'id' || name.endsWith('_id'))
    .map(([name, schema]) => ({ endpoint, name, schema })),
);
