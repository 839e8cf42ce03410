// Numbers as the market pages draw them: tabular digits, kept left to right inside Hebrew text
// (a leading sign or a trailing % would otherwise swap sides), a figure with its unit, a price
// coloured by its last move, and a 24 h change as a coloured pill. All are inline, so their cell
// decides the alignment.
import type { ReactNode } from 'react';
import { dash, unitLayout } from '../../core/figures.ts';
import { changeDirection, trendDirection } from '../market/market-row.ts';
import { useFigureLocale } from './figure-locale.ts';

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

/**
 * A figure with its unit (`19 741,28 USDT`), as `withUnit` of core/figures.ts writes it: the
 * unit on the language's side with its space, and in Hebrew both inside one left-to-right
 * isolate, so the unit stays after the number. The test id and the tone are the figure's alone.
 * A figure not known yet (`--`) is shown without its unit.
 */
export function FigureWithUnit(props: {
  figure: string;
  unit: string;
  className?: string | undefined;
  testId?: string | undefined;
  /** The unit in an element of its own, styled apart (a headline's smaller unit). */
  unitClassName?: string | undefined;
}) {
  const locale = useFigureLocale();
  const figure = (
    <Figure className={props.className} testId={props.testId}>
      {props.figure}
    </Figure>
  );
  if (props.figure === dash || props.unit === '') return figure;
  const { unitFirst, space, open, close } = unitLayout(locale);
  const unit = props.unitClassName ? (
    <span className={props.unitClassName}>{props.unit}</span>
  ) : (
    props.unit
  );
  return unitFirst ? (
    <>
      {open}
      {unit}
      {space}
      {figure}
      {close}
    </>
  ) : (
    <>
      {open}
      {figure}
      {space}
      {unit}
      {close}
    </>
  );
}

export function LastPrice(props: { value: string; trend: -1 | 0 | 1; testId?: string }) {
  return (
    <Figure className={`price price--${trendDirection(props.trend)}`} testId={props.testId}>
      {props.value}
    </Figure>
  );
}

/** A last price in a list of markets: coloured by the 24 h change beside it, as the pill is. */
export function ListedPrice(props: { value: string; change: string; testId?: string }) {
  return (
    <Figure className={`price price--${changeDirection(props.change)}`} testId={props.testId}>
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
