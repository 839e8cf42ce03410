// A QR code of a text as its dark modules: one path of horizontal runs for SVG, and the same runs
// for a canvas, so the deposit page, the invite page and the PnL card draw the same code. It is
// dark on white with the blank border the QR standard asks for, as scanners expect.
//
// uqr encodes (Nayuki's reference generator, kept by unjs): 4 KiB gzip against node-qrcode's 9,
// whose extra weight is the search for the shortest mix of encodings, a few modules on a wallet
// address. tests/property/qr-modules.test.ts reads every code back with a scanner's decoder.
import { encode } from 'uqr';

/** The blank border the QR standard asks for, in modules. */
export const quietZone = 4;

/** A run of dark modules on one row: where it starts and how many. */
export interface ModuleRun {
  row: number;
  column: number;
  length: number;
}

/** The runs of dark modules, their positions including the quiet zone, and the code's size. */
export function qrRuns(text: string): { runs: ModuleRun[]; size: number } {
  const { size, data } = encode(text, { ecc: 'M', border: 0 });
  const runs: ModuleRun[] = [];
  for (let row = 0; row < size; row++) {
    const modules = data[row] ?? [];
    let column = 0;
    while (column < size) {
      if (!modules[column]) {
        column++;
        continue;
      }
      const start = column;
      while (column < size && modules[column]) column++;
      runs.push({ row: row + quietZone, column: start + quietZone, length: column - start });
    }
  }
  return { runs, size: size + quietZone * 2 };
}

/** The runs as one SVG path: far fewer nodes than a rect per module. */
export function qrPath(text: string): { path: string; size: number } {
  const { runs, size } = qrRuns(text);
  let path = '';
  for (const { row, column, length } of runs) path += `M${column} ${row}h${length}v1h${-length}z`;
  return { path, size };
}
