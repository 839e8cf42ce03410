// The envelope every API answer travels in: `{code, msg, data}`; code 200 is success.
import { z } from 'zod';

export const successCode = 200;

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.null(),
});

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
