// Customer service (`/index/kefu`, docs/product.md §20) and the built-in conversation: a logged-in
// user reads their own thread and writes to it; operators answer from the ops CLI (content-ops.ts).
import { customerService } from '../../schemas/api/content.schema.ts';
import { supportMessages, supportSend } from '../../schemas/api/support.schema.ts';
import { hitWindow } from '../accounts/rate-windows.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import type { Router } from '../http/router.ts';
import type { SupportBus } from './support-bus.ts';
import { addMessage, messagesOf } from './support-store.ts';

/** Messages a user may send per minute: a conversation, not a flood into the operators' queue. */
export const supportSendsPerMinute = 10;
const minute = 60_000;

export function supportRoutes(router: Router, deps: AppDeps, bus: SupportBus): void {
  const { db, clock, config } = deps;

  router.add(customerService, async () => ({
    channels: [
      // The built-in conversation is always there; configured channels follow it.
      { type: 'chat' as const, label: 'Online support', url: '/pages/ks/index' },
      ...config.support.channels,
    ],
    hours: config.support.hours,
  }));

  router.add(supportMessages, async ({ page, size }, { session }) =>
    messagesOf(db, session.userId, page, size),
  );

  router.add(supportSend, async ({ message }, { session }) => {
    const window = await hitWindow(db, clock, `support:${session.userId}`, minute);
    if (window.hits > supportSendsPerMinute) {
      throw new BusinessError('support_too_frequent', {
        seconds: Math.ceil(window.resetInMs / 1000),
      });
    }
    const sent = await addMessage(db, session.userId, false, message);
    // The user's other tabs and devices see it too.
    bus.publish(session.userId, [sent]);
    return sent;
  });
}
