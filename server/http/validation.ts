// Turns the first zod issue of a request into the catalogue error a user can read.
import { z } from 'zod';
import { isErrorName } from '../../schemas/errors.ts';
import { fieldOf } from '../db/field-of.ts';
import { BusinessError } from './business-error.ts';

export function parseRequest<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  const body = input ?? {};
  const withNul = findNulField(body);
  if (withNul !== undefined) throw new BusinessError('field_invalid', { field: withNul });
  const result = z.safeParse(schema, body);
  if (result.success) return result.data;
  throw issueToError(result.error.issues[0], body);
}

function issueToError(issue: z.core.$ZodIssue | undefined, body: unknown): BusinessError {
  if (!issue) return new BusinessError('invalid_request');
  const field = typeof issue.path[0] === 'string' ? issue.path[0] : undefined;
  if (isErrorName(issue.message)) return new BusinessError(issue.message, { field: field ?? '' });
  if (field === undefined) return new BusinessError('invalid_request');
  if (isMissing(issue, fieldOf(body, field))) return new BusinessError('field_required', { field });
  // Too long is about text and lists; a number above its bound is simply invalid.
  if (issue.code === 'too_big' && (issue.origin === 'string' || issue.origin === 'array')) {
    return new BusinessError('field_too_long', { field });
  }
  return new BusinessError('field_invalid', { field });
}

function isMissing(issue: z.core.$ZodIssue, value: unknown): boolean {
  if (issue.code === 'invalid_type') return value === undefined || value === null;
  // An empty (or all-blank, after trimming) form value is a missing one.
  return issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1;
}

/** PostgreSQL text cannot hold U+0000 and no field of ours means one: refuse it at the edge. */
function findNulField(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  for (const [key, value] of Object.entries(body)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === 'string' && v.includes('\u0000'))) return key;
  }
  return undefined;
}
