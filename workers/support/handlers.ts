// The support domain in the worker: customer service's channels and the conversation. Pages of it
// and the user's sends are logged, so the `support` projection folds them with the live frames;
// the log keeps that a message was sent, never what it said.
import { customerService } from '../../schemas/api/content.schema.ts';
import {
  supportFrameSchema,
  supportMessages,
  supportSend,
} from '../../schemas/api/support.schema.ts';
import { type DomainContext, defineDomain } from '../kernel/context.ts';
import { mapOutcome } from '../kernel/outcome.ts';
import type { SupportHandlers } from './types.ts';

/** Messages the conversation opens with: its newest page. */
const firstPage = 50;

export function createSupportHandlers(context: DomainContext): SupportHandlers {
  const { call, record } = context;
  return {
    async customerService() {
      record({ source: 'intent', type: 'customer-service-requested', payload: null });
      const outcome = await call(customerService, {});
      if (outcome.ok) record({ source: 'api', type: 'customer-service', payload: outcome.data });
      return outcome;
    },
    async loadSupport() {
      record({ source: 'intent', type: 'support-requested', payload: null });
      const outcome = await call(supportMessages, { page: 1, size: firstPage });
      if (outcome.ok) record({ source: 'api', type: 'support-messages', payload: outcome.data });
      return mapOutcome(outcome, () => null);
    },
    async sendSupport(text) {
      record({ source: 'intent', type: 'support-send', payload: null });
      const outcome = await call(supportSend, { message: text });
      if (outcome.ok) record({ source: 'api', type: 'support-sent', payload: outcome.data });
      return mapOutcome(outcome, () => null);
    },
  };
}

export const supportDomain = defineDomain({
  handlers: createSupportHandlers,
  frames: { support: supportFrameSchema },
});
