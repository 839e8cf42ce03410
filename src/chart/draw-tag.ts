// A value in a filled box on an axis: the latest price and the crosshair's price and time.

export const tagHeight = 16;
const tagPadding = 4;

/** Draws `text` in a box whose left edge is `x` (or centred on it) and whose middle is `y`. */
export function drawTag(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  align: 'left' | 'center',
  background: string,
  foreground: string,
): void {
  const width = ctx.measureText(text).width + tagPadding * 2;
  const left = align === 'left' ? x : x - width / 2;
  ctx.fillStyle = background;
  ctx.fillRect(left, y - tagHeight / 2, width, tagHeight);
  ctx.fillStyle = foreground;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, left + tagPadding, y);
}

/** Keeps a tag's middle inside `[top, bottom]` so it is never cut off. */
export function clampTagY(y: number, top: number, bottom: number): number {
  return Math.min(bottom - tagHeight / 2, Math.max(top + tagHeight / 2, y));
}
