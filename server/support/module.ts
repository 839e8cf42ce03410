// Customer service: its channels, the user's conversation, the operators' answers from the CLI,
// and new messages on the user's private `support` channel.
import { defineModule } from '../module.ts';
import { SupportBus } from './support-bus.ts';
import { supportOps } from './support-ops.ts';
import { supportRoutes } from './support-routes.ts';

export const supportModule = defineModule({
  name: 'support',
  create(context) {
    const bus = new SupportBus();
    supportRoutes(context.router, context, bus);
    return {
      ops: supportOps(context.db, bus),
      privateStreams: [
        {
          start: (send) =>
            bus.onMessages((userId, messages, ts) => send(userId, 'support', messages, ts)),
        },
      ],
    };
  },
});
