// The notification centre (docs/notifications.md): a user's last events, recorded from the frames
// the other modules send their users, listed and marked read through its calls, and pushed on the
// private `notifications` channel as they are recorded.
import { defineModule } from '../module.ts';
import { notificationCentre } from './notification-centre.ts';
import { notificationRoutes } from './notification-routes.ts';

export const notificationsModule = defineModule({
  name: 'notifications',
  create(context) {
    const centre = notificationCentre(context.db, context.log);
    notificationRoutes(context.router, context, centre);
    let stop: (() => Promise<void>) | undefined;
    return {
      privateStreams: [centre.stream],
      async start() {
        stop = centre.listen(context.bus);
      },
      async stop() {
        await stop?.();
        stop = undefined;
      },
    };
  },
});
