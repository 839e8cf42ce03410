// Numbers as the market pages draw them: tabular digits, kept left to right inside Hebrew text
// (a leading sign or a trailing % would otherwise swap sides), a price coloured by its last move,
// and a 24 h change as a coloured pill. All are inline, so their cell decides the alignment.
import type { ReactNode } from 'react';
import { changeDirection, trendDirection } from '../market/market-row.ts';

export function Figure(props: {
  children: ReactNode;
  className?: string | undefined;
  testId?: string | undefined;
}) {
  return (
    <span
      className={props.className ? `figure ${props.className}` : 'figure'}
      dir="ltr"
      data-testid={props.testId}
    >
      {props.children}
    </span>
  );
}

export function LastPrice(props: { value: string; trend: -1 | 0 | 1; testId?: string }) {
  return (
    <Figure className={`price price--${trendDirection(props.trend)}`} testId={props.testId}>
      {props.value}
    </Figure>
  );
}

export function ChangePill(props: { value: string }) {
  return (
    <Figure className={`change-pill change-pill--${changeDirection(props.value)}`}>
      {props.value}
    </Figure>
  );
}
