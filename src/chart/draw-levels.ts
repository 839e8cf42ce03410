// Price levels over the candles: a dashed line across the plot at each level, in its tone (win
// green for up, lose red for down), with its label in a tag at the plot's start (a contract's
// direction, opening price and time left). A level off the pane keeps its tag at the pane's edge,
// so an opening price the candles have moved away from is still in sight. Tags never overlap one
// another nor leave the price pane (`spreadTags`: contracts opened on close prices stack their tags
// a tag apart), and a tag too wide for the plot is cut so it never runs into the price axis.

import { strokeLevel } from './draw-latest.ts';
import { drawTag } from './draw-tag.ts';
import type { FrameGeometry } from './geometry.ts';
import type { ChartLayout } from './layout.ts';

export interface ChartLevel {
  price: number;
  /** `neutral`: a reference price (a perpetual's mark), in the crosshair's colours. */
  tone: 'up' | 'down' | 'neutral';
  /** Drawn as it is: formatted by the page. */
  label: string;
}

const dash = [6, 4];
const inset = 4;
/** A tag's height (draw-tag.ts) and the room kept between two stacked tags. */
const levelTagHeight = 16;
const tagGap = 2;
const tagPadding = 4;

/**
 * The middles of tags wanted at `ys`, moved as little as greed allows so that no two overlap and
 * each lies whole in `[top, bottom]`: pushed down past the one above, then back up from the
 * bottom. A tag there is no room for at all (more tags than the pane holds) is null, not drawn.
 * The result is in the order of `ys`.
 */
export function spreadTags(
  ys: readonly number[],
  top: number,
  bottom: number,
  height = levelTagHeight,
  gap = tagGap,
): (number | null)[] {
  const pitch = height + gap;
  const first = top + height / 2;
  const last = bottom - height / 2;
  const room = last < first ? 0 : Math.floor((last - first) / pitch) + 1;
  const order = ys
    .map((y, index) => ({ y: Number.isFinite(y) ? y : first, index }))
    .sort((a, b) => a.y - b.y || a.index - b.index);
  // More than the pane holds: the highest are kept; the rest keep their lines, without tags.
  const kept = order.slice(0, room);
  const placed = kept.map((tag) => Math.min(last, Math.max(first, tag.y)));
  for (let i = 1; i < placed.length; i++) {
    placed[i] = Math.max(placed[i] as number, (placed[i - 1] as number) + pitch);
  }
  for (let i = placed.length - 1; i >= 0; i--) {
    const below = i === placed.length - 1 ? last : (placed[i + 1] as number) - pitch;
    placed[i] = Math.min(placed[i] as number, below);
  }
  const result: (number | null)[] = ys.map(() => null);
  kept.forEach((tag, i) => {
    result[tag.index] = placed[i] as number;
  });
  return result;
}

/** The label cut (with an ellipsis) to fit `width`, whole when it does. */
function fitted(ctx: CanvasRenderingContext2D, label: string, width: number): string {
  if (ctx.measureText(label).width + tagPadding * 2 <= width) return label;
  let text = label;
  while (text.length > 1 && ctx.measureText(`${text}…`).width + tagPadding * 2 > width) {
    text = text.slice(0, -1);
  }
  return `${text.trimEnd()}…`;
}

export function drawLevels(
  ctx: CanvasRenderingContext2D,
  levels: readonly ChartLevel[],
  g: FrameGeometry,
  layout: ChartLayout,
  colours: {
    up: string;
    down: string;
    onColour: string;
    crosshair?: string;
    labelBackground?: string;
  },
): void {
  const { price } = layout;
  const ys = levels.map((level) => g.priceA * level.price + g.priceB);
  const tags = spreadTags(ys, price.top, price.bottom);
  const width = layout.plotWidth - inset * 2;
  levels.forEach((level, i) => {
    const neutral = level.tone === 'neutral';
    const colour = neutral
      ? (colours.crosshair ?? colours.up)
      : level.tone === 'up'
        ? colours.up
        : colours.down;
    const text = neutral ? (colours.labelBackground ?? colours.onColour) : colours.onColour;
    strokeLevel(ctx, ys[i] as number, layout, colour, dash);
    const y = tags[i];
    if (y === null || y === undefined) return;
    drawTag(ctx, fitted(ctx, level.label, width), inset, y, 'left', colour, text);
  });
}
