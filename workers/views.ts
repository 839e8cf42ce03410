// The live views of the domains loaded with the worker, by name: one line each. A view is defined
// once, in its domain's `views.ts` (source, channels, loads, payload); a deferred domain's views
// are named in its `domain.ts`.
import { connectionView, screenView } from './kernel/screen-views.ts';
import {
  bookLiveView,
  chartLiveView,
  figuresListView,
  marketListView,
  tradesLiveView,
} from './market/views.ts';
import { spotLiveView } from './spot/views.ts';

export const views = {
  connection: connectionView,
  all: screenView,
  market: marketListView,
  figures: figuresListView,
  chart: chartLiveView,
  book: bookLiveView,
  trades: tradesLiveView,
  spot: spotLiveView,
};
