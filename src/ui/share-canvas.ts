// What the pictures a user shares are drawn with (the futures PnL card, the invite poster): one
// 720×1080 card, its colours and type, text laid out from the reading side (right to left in
// Hebrew) with figures kept left to right, words wrapped to a width, the QR code dark on white,
// and the canvas as a PNG file. Each card lays out its own content with these.
import { qrRuns } from './qr-modules.ts';

export const cardWidth = 720;
export const cardHeight = 1080;
/** Where the content starts from the card's reading edge. */
export const cardMargin = 56;

export const cardColours = {
  background: '#0b0e14',
  surface: '#151a23',
  text: '#e6e8ee',
  muted: '#8a91a3',
  accent: '#33b4f0',
  win: '#16c784',
  lose: '#ea3943',
};

export const cardFont = (size: number, weight = 400) =>
  `${weight} ${size}px system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif`;

export interface CardPen {
  /** A distance from the reading side's edge, as a canvas x. */
  from(distance: number): number;
  /** Text at a distance from the reading edge; a figure keeps its left-to-right order. */
  write(value: string, x: number, y: number, style: string, colour: string, figure?: boolean): void;
  /** Words wrapped to `width`, at most `lines` lines. */
  wrap(value: string, style: string, width: number, lines: number): string[];
}

export function cardPen(context: CanvasRenderingContext2D, rtl: boolean): CardPen {
  const from = (distance: number) => (rtl ? cardWidth - distance : distance);
  return {
    from,
    write(value, x, y, style, colour, figure = false) {
      context.font = style;
      context.fillStyle = colour;
      // Figures keep their left-to-right order; the side they are anchored to follows the reading.
      context.direction = figure ? 'ltr' : rtl ? 'rtl' : 'ltr';
      context.textAlign = rtl ? 'right' : 'left';
      context.fillText(value, from(x), y);
    },
    wrap(value, style, width, lines) {
      context.font = style;
      const out: string[] = [];
      let line = '';
      for (const word of value.split(' ')) {
        const next = line === '' ? word : `${line} ${word}`;
        if (line !== '' && context.measureText(next).width > width) {
          out.push(line);
          line = word;
        } else line = next;
      }
      out.push(line);
      return out.slice(0, lines);
    },
  };
}

/** Sizes the canvas to a card and answers its context; null where the browser gives none. */
export function cardContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D | null {
  canvas.width = cardWidth;
  canvas.height = cardHeight;
  return canvas.getContext('2d');
}

/** The card's background and the accent bar before the brand, on the reading side. */
export function drawCardBackground(context: CanvasRenderingContext2D, rtl: boolean): void {
  const gradient = context.createLinearGradient(0, 0, 0, cardHeight);
  gradient.addColorStop(0, '#10233a');
  gradient.addColorStop(1, cardColours.background);
  context.fillStyle = gradient;
  context.fillRect(0, 0, cardWidth, cardHeight);
  context.fillStyle = cardColours.accent;
  context.fillRect(rtl ? cardWidth - cardMargin - 8 : cardMargin, 64, 8, 44);
}

/** The QR code of `link`, dark on white, as scanners expect. */
export function drawQr(
  context: CanvasRenderingContext2D,
  link: string,
  x: number,
  y: number,
  size: number,
) {
  const { runs, size: modules } = qrRuns(link);
  const scale = size / modules;
  context.fillStyle = '#fff';
  context.fillRect(x, y, size, size);
  context.fillStyle = '#000';
  for (const run of runs) {
    context.fillRect(
      x + run.column * scale,
      y + run.row * scale,
      run.length * scale + 0.5,
      scale + 0.5,
    );
  }
}

/** The canvas as a PNG file. */
export function cardFile(canvas: HTMLCanvasElement, name: string): Promise<File | null> {
  return new Promise((resolve) =>
    canvas.toBlob(
      (blob) => resolve(blob ? new File([blob], name, { type: 'image/png' }) : null),
      'image/png',
    ),
  );
}
