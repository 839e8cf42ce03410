// A QR code of a text (a deposit address) drawn as SVG.
//
// It is made here on the UI thread, not in the worker: it needs a few milliseconds once per
// address rather than work per frame, so it cannot cost the smoothness the worker protects; it is
// made from the very text the page shows and copies, so the two cannot disagree; and the encoder
// loads with the deposit page's chunk instead of with the worker every page starts. SVG keeps it
// sharp at any pixel density; it is always dark on white, as scanners expect, in either theme.
import { create } from 'qrcode';
import { useMemo } from 'react';

/** The blank border the QR standard asks for, in modules. */
const quietZone = 4;

/** One path of horizontal runs of dark modules: far fewer nodes than a rect per module. */
function modulePath(text: string): { path: string; size: number } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = modules;
  let path = '';
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!data[row * size + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && data[row * size + col]) col++;
      path += `M${start + quietZone} ${row + quietZone}h${col - start}v1h${start - col}z`;
    }
  }
  return { path, size: size + quietZone * 2 };
}

export function QrCode(props: { text: string; label: string; testId?: string }) {
  const { path, size } = useMemo(() => modulePath(props.text), [props.text]);
  return (
    <svg
      className="qr-code"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={props.label}
      shapeRendering="crispEdges"
      data-testid={props.testId}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
