// The time left until a moment (a funding round, a contract's expiry), as traders read it
// (`07:42:05`), ticking each second on the page's own clock; `--:--:--` while it is not known.
import { Figure } from './Figures.tsx';
import { useNow } from './use-now.ts';

const two = (value: number) => String(value).padStart(2, '0');

export function countdownText(until: number | null, now: number): string {
  if (until === null) return '--:--:--';
  const seconds = Math.max(0, Math.floor((until - now) / 1000));
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
}

export function Countdown(props: { until: number | null; testId?: string }) {
  const now = useNow();
  return <Figure testId={props.testId}>{countdownText(props.until, now)}</Figure>;
}
