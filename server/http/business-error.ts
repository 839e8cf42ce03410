// A refusal the caller can act on: it travels as a catalogue code with a message in the caller's language.
import type { ErrorName } from '../../schemas/errors.ts';
import type { MessageParams } from '../../schemas/messages/index.ts';

export class BusinessError extends Error {
  constructor(
    readonly errorName: ErrorName,
    readonly params: MessageParams = {},
  ) {
    super(errorName);
    this.name = 'BusinessError';
  }
}
