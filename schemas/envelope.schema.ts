// The envelope every API answer travels in: `{code, msg, data}`; code 200 is success.
import { z } from 'zod/mini';
import { fieldNames } from './fields.ts';

export const successCode = 200;

export function envelopeSchema<T extends z.ZodMiniType>(data: T) {
  return z.object({ code: z.int(), msg: z.string(), data });
}

/**
 * A refusal. `field` names the request field it is about when the server knows it (a validation
 * error, a wrong address, a wrong trade password), so the form shows it under that field.
 */
export const errorEnvelopeSchema = z.object({
  code: z.int(),
  msg: z.string(),
  data: z.null(),
  field: z.optional(z.enum(fieldNames)),
});

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
