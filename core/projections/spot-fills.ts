// The page of the user's spot fills last answered (the spot page's Deals tab, docs/spot.md
// § Deals): the tab is drawn from this answer, so a capture replays what the user saw.
import type { z } from 'zod/mini';
import type { spotFills } from '../../schemas/api/spot-fills.schema.ts';
import { defineFold } from './fold.ts';

export type SpotFillPage = z.output<(typeof spotFills)['response']>;

const none = null as SpotFillPage | null;

export const spotFillsFold = defineFold(none, {
  'spot-fills': (_state, { payload }) => payload,
  logout: () => null,
  'session-expired': () => null,
});
