// A QR code drawn from its runs reads back as its text, as a wallet's scanner reads the deposit
// address, the invite link and the PnL card's link; and it keeps the blank border scanners need.
import fc from 'fast-check';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { type ModuleRun, qrPath, qrRuns, quietZone } from '../../src/ui/qr-modules.ts';

const pixelsPerModule = 3;

/** Draws the runs dark on white, as the canvas does, and hands the image to a scanner's decoder. */
function scan(runs: ModuleRun[], size: number) {
  const width = size * pixelsPerModule;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const { row, column, length } of runs) {
    for (let y = row * pixelsPerModule; y < (row + 1) * pixelsPerModule; y++) {
      const start = (y * width + column * pixelsPerModule) * 4;
      for (let x = 0; x < length * pixelsPerModule; x++)
        pixels.fill(0, start + x * 4, start + x * 4 + 3);
    }
  }
  return jsQR(pixels, width, width);
}

/** What the app puts in a code: chain addresses, links with an invite code, and any text. */
const texts = fc.oneof(
  fc.stringMatching(/^0x[0-9a-f]{40}$/),
  fc.stringMatching(/^T[1-9A-HJ-NP-Za-km-z]{33}$/),
  fc.stringMatching(/^bc1q[02-9ac-hj-np-z]{38}$/),
  fc
    .stringMatching(/^[A-Z0-9]{6,8}$/)
    .map((code) => `https://meridian.example/#/register?code=${code}`),
  fc.string({ minLength: 1, maxLength: 120 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }),
);

describe('QR codes of the app', () => {
  it('read back as the text they were made of', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const { runs, size } = qrRuns(text);
        const read = scan(runs, size);
        expect(read).not.toBeNull();
        expect(Buffer.from(read?.binaryData ?? []).toString('utf8')).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('keep the blank border clear, and no two runs cover one module', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const { runs, size } = qrRuns(text);
        const covered = new Set<number>();
        for (const { row, column, length } of runs) {
          expect(row).toBeGreaterThanOrEqual(quietZone);
          expect(row).toBeLessThan(size - quietZone);
          expect(column).toBeGreaterThanOrEqual(quietZone);
          expect(column + length).toBeLessThanOrEqual(size - quietZone);
          for (let x = column; x < column + length; x++) {
            expect(covered.has(row * size + x)).toBe(false);
            covered.add(row * size + x);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('draws the same runs as an SVG path, one square-ended strip each', () => {
    const { runs, size } = qrRuns('0x52908400098527886e0f7030069857d2e4169ee7');
    const { path, size: pathSize } = qrPath('0x52908400098527886e0f7030069857d2e4169ee7');
    expect(pathSize).toBe(size);
    expect(path.match(/M/g)?.length).toBe(runs.length);
  });
});
