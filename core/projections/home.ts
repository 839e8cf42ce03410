// The home page's headline figures from the last `/index/index` answer: each measured by the
// system or configured by the operator, and shown labelled as such.
import type { LoggedEvent } from '../event-log.ts';

export interface HomeFigure {
  key: string;
  value: string;
  source: 'measured' | 'configured';
}

export interface HomeView {
  figures: readonly HomeFigure[];
}

export const initialHome: HomeView = { figures: [] };

export function foldHome(state: HomeView, event: LoggedEvent): HomeView {
  if (event.source !== 'api' || event.type !== 'markets') return state;
  const { section, figures } = event.payload as { section?: unknown; figures?: HomeFigure[] };
  if (section !== 'home' || !Array.isArray(figures)) return state;
  return { figures };
}
