// The notification centre as the worker loads it, when the top bar's bell first watches it
// (workers/kernel/deferred.ts): the domain and its views by name.
import { notificationBellLiveView, notificationListLiveView } from './views.ts';

export { notificationsDomain as domain } from './handlers.ts';

export const views = {
  notificationBell: notificationBellLiveView,
  notificationList: notificationListLiveView,
};
