// The PnL card drawn on a canvas, to be saved as a PNG or shared: the market, direction and
// leverage, the ROE large in the win or lose colour, the entry and the mark or close price, and the
// user's invite code with the QR code of the invite link. Text is laid out from the reading side
// (right to left in Hebrew); figures stay left to right. Every figure arrives formatted.
import { qrRuns } from '../ui/qr-modules.ts';

export interface PnlCardText {
  brand: string;
  title: string;
  direction: string;
  /** `long` or `short`: the badge's colour. */
  long: boolean;
  leverage: string;
  roeLabel: string;
  roe: string;
  /** -1 a loss, 1 a gain. */
  roeSign: -1 | 0 | 1;
  entryLabel: string;
  entry: string;
  priceLabel: string;
  price: string;
  inviteLabel: string;
  inviteCode: string | null;
  inviteLink: string | null;
  scanLabel: string;
  rtl: boolean;
}

export const cardWidth = 720;
export const cardHeight = 1080;

const colours = {
  background: '#0b0e14',
  surface: '#151a23',
  text: '#e6e8ee',
  muted: '#8a91a3',
  accent: '#33b4f0',
  win: '#16c784',
  lose: '#ea3943',
};

const font = (size: number, weight = 400) =>
  `${weight} ${size}px system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif`;

export function drawPnlCard(canvas: HTMLCanvasElement, text: PnlCardText): void {
  canvas.width = cardWidth;
  canvas.height = cardHeight;
  const context = canvas.getContext('2d');
  if (!context) return;
  const margin = 56;
  /** A distance from the reading side's edge, as a canvas x. */
  const from = (distance: number) => (text.rtl ? cardWidth - distance : distance);
  const write = (
    value: string,
    x: number,
    y: number,
    style: string,
    colour: string,
    figure = false,
  ) => {
    context.font = style;
    context.fillStyle = colour;
    // Figures keep their left-to-right order; the side they are anchored to follows the reading.
    context.direction = figure ? 'ltr' : text.rtl ? 'rtl' : 'ltr';
    context.textAlign = text.rtl ? 'right' : 'left';
    context.fillText(value, from(x), y);
  };
  /** Words wrapped to `width`, at most `lines` lines. */
  const wrap = (value: string, style: string, width: number, lines: number): string[] => {
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
  };

  const gradient = context.createLinearGradient(0, 0, 0, cardHeight);
  gradient.addColorStop(0, '#10233a');
  gradient.addColorStop(1, colours.background);
  context.fillStyle = gradient;
  context.fillRect(0, 0, cardWidth, cardHeight);
  context.fillStyle = colours.accent;
  context.fillRect(text.rtl ? cardWidth - margin - 8 : margin, 64, 8, 44);

  write(text.brand, margin + 24, 100, font(36, 700), colours.text);
  write(text.title, margin, 200, font(40, 700), colours.text, true);
  // The leverage is isolated left to right inside a right-to-left line (`20×`, not `×20`).
  const badge = `${text.direction} · \u2066${text.leverage}\u2069`;
  write(badge, margin, 252, font(30, 600), text.long ? colours.win : colours.lose);

  write(text.roeLabel, margin, 350, font(28), colours.muted);
  const roeColour = text.roeSign > 0 ? colours.win : text.roeSign < 0 ? colours.lose : colours.text;
  write(text.roe, margin, 460, font(112, 800), roeColour, true);

  write(text.entryLabel, margin, 560, font(26), colours.muted);
  write(text.entry, margin, 604, font(36, 600), colours.text, true);
  write(text.priceLabel, margin + 320, 560, font(26), colours.muted);
  write(text.price, margin + 320, 604, font(36, 600), colours.text, true);

  context.fillStyle = colours.surface;
  context.fillRect(margin - 16, 700, cardWidth - 2 * (margin - 16), 320);
  if (text.inviteCode) {
    write(text.inviteLabel, margin + 8, 770, font(26), colours.muted);
    write(text.inviteCode, margin + 8, 830, font(48, 800), colours.accent, true);
  }
  // Beside the QR code, the scan hint wraps rather than run under it.
  const hintWidth = cardWidth - 2 * margin - 280;
  wrap(text.scanLabel, font(24), hintWidth, 2).forEach((line, index) => {
    write(line, margin + 8, 900 + index * 32, font(24), colours.muted);
  });
  if (text.inviteLink)
    drawQr(context, text.inviteLink, text.rtl ? margin + 8 : cardWidth - margin - 248, 740, 240);
}

/** The QR code of `link`, dark on white, as scanners expect. */
function drawQr(
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
