// The home page's headline figures from the last `/index/index` answer: each measured by the
// system or configured by the operator, and shown labelled as such.
import type { z } from 'zod/mini';
import type { figureSchema } from '../../schemas/api/content.schema.ts';
import { defineFold } from './fold.ts';

export type HomeFigure = z.output<typeof figureSchema>;

export interface HomeView {
  figures: readonly HomeFigure[];
  /** An answer has come: until then, no figures means "not known yet", not "none". */
  received: boolean;
}

export const initialHome: HomeView = { figures: [], received: false };

export const homeFold = defineFold(initialHome, {
  markets: (state, { payload }) =>
    payload.section === 'home' && payload.figures
      ? { figures: payload.figures, received: true }
      : state,
});
