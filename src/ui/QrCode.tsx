// A QR code of a text (a deposit address, an invite link) drawn as SVG.
//
// It is made here on the UI thread, not in the worker: it needs a few milliseconds once per
// address rather than work per frame, so it cannot cost the smoothness the worker protects; it is
// made from the very text the page shows and copies, so the two cannot disagree; and the encoder
// loads with the page's chunk instead of with the worker every page starts. SVG keeps it sharp at
// any pixel density; it is always dark on white, as scanners expect, in either theme.
import { useMemo } from 'react';
import { qrPath } from './qr-modules.ts';

export function QrCode(props: { text: string; label: string; testId?: string }) {
  const { path, size } = useMemo(() => qrPath(props.text), [props.text]);
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
