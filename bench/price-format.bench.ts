// Price formatting: core/price-format against a cached Intl.NumberFormat on the same decimal strings,
// with identical output checked on every value. Target: at least 5× faster.
import { formatPrice } from '../core/price-format.ts';

const count = 200_000;
const rounds = 5;

function samplePrices(): string[] {
  // A fixed linear congruential sequence: the same prices every run.
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const prices: string[] = [];
  for (let i = 0; i < count; i++) {
    // 0.01 … 100,000: above the pass-through for tiny values (docs/product.md §5), where Intl would
    // differ.
    const magnitude = 10 ** Math.floor(next() * 8 - 2);
    const digits = 2 + Math.floor(next() * 10);
    prices.push(((0.1 + 0.9 * next()) * magnitude).toFixed(digits));
  }
  return prices;
}

function timeRounds(label: string, op: () => void): { label: string; nsPerCall: number } {
  op(); // warm-up
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < rounds; r++) {
    const t0 = process.hrtime.bigint();
    op();
    best = Math.min(best, Number(process.hrtime.bigint() - t0));
  }
  return { label, nsPerCall: best / count };
}

export async function run(): Promise<void> {
  const prices = samplePrices();
  const rows: string[] = [];
  for (const locale of ['en', 'de', 'pl']) {
    const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 8 });
    const ours = prices.map((p) => formatPrice(p, { locale }));
    const theirs = prices.map((p) => intl.format(p as unknown as number));
    const mismatch = ours.findIndex((value, i) => value !== theirs[i]);
    if (mismatch !== -1) {
      throw new Error(
        `outputs differ for ${prices[mismatch]}: ${ours[mismatch]} vs ${theirs[mismatch]}`,
      );
    }
    let sink = 0;
    const baseline = timeRounds('cached Intl.NumberFormat', () => {
      for (const p of prices) sink += intl.format(p as unknown as number).length;
    });
    const core = timeRounds('formatPrice', () => {
      for (const p of prices) sink += formatPrice(p, { locale }).length;
    });
    if (sink === 0) throw new Error('nothing was formatted');
    rows.push(
      `| ${locale} | ${baseline.nsPerCall.toFixed(0)} | ${core.nsPerCall.toFixed(0)} | ${(baseline.nsPerCall / core.nsPerCall).toFixed(1)}× |`,
    );
  }
  process.stdout.write(
    [
      `${count.toLocaleString('en')} prices, best of ${rounds} rounds, identical output checked`,
      '',
      '| locale | Intl ns/call (baseline) | formatPrice ns/call | speed-up |',
      '|---|---:|---:|---:|',
      ...rows,
      '',
    ].join('\n'),
  );
}
