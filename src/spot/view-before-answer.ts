// What the spot page draws from before the worker's first view of the market: its frame (the
// pair, the form, the book's room, the order lists), with nothing known yet. The form cannot be
// sent until the market's rules come, so nothing can be done with what is not known.
import { dash } from '../../core/figures.ts';
import type { SpotView } from '../../workers/facade.ts';

export function spotViewBeforeAnswer(symbol: string): SpotView {
  return {
    symbol,
    rules: null,
    last: null,
    lastShown: dash,
    trend: 0,
    simulated: false,
    loggedIn: false,
    available: null,
    orders: [],
  };
}
