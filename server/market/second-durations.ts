// The durations second contracts are offered in, with their published payout rates (the share of
// the stake paid on top of it when the call is right), as `/market/second` lists them. Planned:
// the second-contract engine (not built yet) is to settle against this same table, so the list and
// the settlement cannot disagree.
export interface SecondDuration {
  unit: 'minute' | 'hour' | 'day';
  value: number;
  payout_rate: string;
}

export const secondDurations: SecondDuration[] = [
  { unit: 'minute', value: 1, payout_rate: '0.80' },
  { unit: 'minute', value: 5, payout_rate: '0.82' },
  { unit: 'hour', value: 1, payout_rate: '0.85' },
  { unit: 'day', value: 1, payout_rate: '0.88' },
];
