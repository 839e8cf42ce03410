// The invite poster: a picture to save or share, drawn with the same card kit as the futures PnL
// card (src/ui/share-canvas.ts): the brand, a headline, each level's commission rate, and the
// invite code with the QR code of the invite link. Text is laid out from the reading side; figures
// stay left to right. Every figure arrives formatted.
import {
  cardContext,
  cardPen,
  cardWidth,
  cardColours as colours,
  drawCardBackground,
  drawQr,
  cardFont as font,
  cardMargin as margin,
} from '../ui/share-canvas.ts';

export interface InvitePosterText {
  brand: string;
  headline: string;
  ratesLabel: string;
  /** One per level, nearest first: its name and its rate (`Level 1`, `20%`). */
  rates: readonly { label: string; rate: string }[];
  inviteLabel: string;
  inviteCode: string;
  inviteLink: string;
  scanLabel: string;
  rtl: boolean;
}

export function drawInvitePoster(canvas: HTMLCanvasElement, text: InvitePosterText): void {
  const context = cardContext(canvas);
  if (!context) return;
  const { write, wrap } = cardPen(context, text.rtl);
  drawCardBackground(context, text.rtl);

  write(text.brand, margin + 24, 100, font(36, 700), colours.text);
  wrap(text.headline, font(52, 800), cardWidth - 2 * margin, 2).forEach((line, index) => {
    write(line, margin, 220 + index * 64, font(52, 800), colours.text);
  });

  write(text.ratesLabel, margin, 400, font(28), colours.muted);
  text.rates.forEach(({ label, rate }, index) => {
    const y = 460 + index * 70;
    write(label, margin, y, font(34, 600), colours.text);
    write(rate, margin + 300, y, font(44, 800), colours.win, true);
  });

  context.fillStyle = colours.surface;
  context.fillRect(margin - 16, 700, cardWidth - 2 * (margin - 16), 320);
  write(text.inviteLabel, margin + 8, 770, font(26), colours.muted);
  write(text.inviteCode, margin + 8, 830, font(48, 800), colours.accent, true);
  // Beside the QR code, the scan hint wraps rather than run under it.
  const hintWidth = cardWidth - 2 * margin - 280;
  wrap(text.scanLabel, font(24), hintWidth, 2).forEach((line, index) => {
    write(line, margin + 8, 900 + index * 32, font(24), colours.muted);
  });
  drawQr(context, text.inviteLink, text.rtl ? margin + 8 : cardWidth - margin - 248, 740, 240);
}
