// The perpetual chart's reference line (src/chart/draw-levels.ts): a `neutral` level, the mark
// price, is stroked and tagged in the crosshair's colours with the tag's text in the label
// background, while up and down levels keep the win and lose colours with white text.
import { describe, expect, it } from 'vitest';
import { type ChartLevel, drawLevels } from '../../src/chart/draw-levels.ts';
import { emptyGeometry } from '../../src/chart/geometry.ts';
import { chartLayout } from '../../src/chart/layout.ts';

/** A canvas context that keeps the colours each stroke and fill was made with. */
function recording() {
  const strokes: string[] = [];
  const fills: string[] = [];
  const ctx = {
    strokeStyle: '',
    fillStyle: '',
    lineWidth: 1,
    textAlign: 'left',
    textBaseline: 'middle',
    setLineDash() {},
    beginPath() {},
    moveTo() {},
    lineTo() {},
    stroke() {
      strokes.push(ctx.strokeStyle);
    },
    fillRect() {
      fills.push(`box ${ctx.fillStyle}`);
    },
    fillText() {
      fills.push(`text ${ctx.fillStyle}`);
    },
    measureText: (text: string) => ({ width: text.length * 6 }),
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, strokes, fills };
}

describe('the perpetual chart’s levels', () => {
  it('draws the mark in the crosshair’s colours and the position’s levels in win and lose', () => {
    const layout = chartLayout(390, 260, 2, 60);
    // Prices 0..200 over the price pane: y = bottom − price × (height ÷ 200).
    const g = emptyGeometry();
    g.priceA = -(layout.price.bottom - layout.price.top) / 200;
    g.priceB = layout.price.bottom;
    const levels: ChartLevel[] = [
      { price: 100, tone: 'neutral', label: 'Mark price 100.00' },
      { price: 150, tone: 'up', label: 'TP 150.00' },
      { price: 50, tone: 'down', label: 'SL 50.00' },
    ];
    const { ctx, strokes, fills } = recording();
    drawLevels(ctx, levels, g, layout, {
      up: 'green',
      down: 'red',
      onColour: 'white',
      crosshair: 'ink',
      labelBackground: 'paper',
    });
    expect(strokes).toEqual(['ink', 'green', 'red']);
    expect(fills).toEqual([
      'box ink',
      'text paper',
      'box green',
      'text white',
      'box red',
      'text white',
    ]);
  });
});
