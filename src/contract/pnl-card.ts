// The PnL card drawn on a canvas, to be saved as a PNG or shared: the market, direction and
// leverage, the ROE large in the win or lose colour, the entry and the mark or close price, and the
// user's invite code with the QR code of the invite link. Text is laid out from the reading side
// (right to left in Hebrew); figures stay left to right. Every figure arrives formatted. The card's
// frame, type, colours and QR code are the shared kit's (src/ui/share-canvas.ts), as the invite
// poster's are.
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

export function drawPnlCard(canvas: HTMLCanvasElement, text: PnlCardText): void {
  const context = cardContext(canvas);
  if (!context) return;
  const { write, wrap } = cardPen(context, text.rtl);
  drawCardBackground(context, text.rtl);

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
