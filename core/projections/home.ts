// The home page's headline figures from the last `/index/index` answer: each measured by the
// system or configured by the operator, and shown labelled as such.
import type { z } from 'zod';
import type { figureSchema } from '../../schemas/api/content.schema.ts';
import { defineFold } from './fold.ts';

export type HomeFigure = z.output<typeof figureSchema>;

export interface HomeView {
  figures: readonly HomeFigure[];
}

export const initialHome: HomeView = { figures: [] };

export const homeFold = defineFold(initialHome, {
  markets: (state, { payload }) =>
    payload.section === 'home' && payload.figures ? { figures: payload.figures } : state,
});
