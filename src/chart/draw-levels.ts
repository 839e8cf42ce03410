// Price levels over the candles: a dashed line across the plot at each level, in its tone (win
// green for up, lose red for down), with its label in a tag at the plot's start (a contract's
// direction, opening price and time left). A level off the pane keeps its tag at the pane's edge,
// so an opening price the candles have moved away from is still in sight.

import { strokeLevel } from './draw-latest.ts';
import { clampTagY, drawTag } from './draw-tag.ts';
import type { FrameGeometry } from './geometry.ts';
import type { ChartLayout } from './layout.ts';

export interface ChartLevel {
  price: number;
  tone: 'up' | 'down';
  /** Drawn as it is: formatted by the page. */
  label: string;
}

const dash = [6, 4];
const inset = 4;

export function drawLevels(
  ctx: CanvasRenderingContext2D,
  levels: readonly ChartLevel[],
  g: FrameGeometry,
  layout: ChartLayout,
  colours: { up: string; down: string; onColour: string },
): void {
  const { price } = layout;
  for (const level of levels) {
    const colour = level.tone === 'up' ? colours.up : colours.down;
    const y = g.priceA * level.price + g.priceB;
    strokeLevel(ctx, y, layout, colour, dash);
    drawTag(
      ctx,
      level.label,
      inset,
      clampTagY(y, price.top, price.bottom),
      'left',
      colour,
      colours.onColour,
    );
  }
}
