// Keeps an order form's limit price in step with the book beside it: the price starts at the top
// of the book once the book arrives (and again when the side changes), until the trader sets a
// price of their own, by typing it or by tapping a level of the book; from then on it is theirs.
import { useCallback, useEffect, useRef } from 'react';
import type { TradeSide } from './book-prefill.ts';

/** A level of the book the trader tapped; `seq` tells a second tap on the same price apart. */
export interface BookPick {
  price: string;
  seq: number;
}

export function useLimitPrefill(options: {
  side: TradeSide;
  /** The form takes a limit price now (a market order has none to fill). */
  limit: boolean;
  /** The price the book suggests for this side, or null until the book has one. */
  suggestion: string | null;
  pick: BookPick | null;
  /** Puts a price into the form; `picked` when it came from a tap on the book. */
  setPrice(price: string, picked: boolean): void;
}) {
  const { side, limit, suggestion, pick, setPrice } = options;
  const ownPrice = useRef(false);
  const filledFor = useRef<TradeSide | null>(null);
  const setter = useRef(setPrice);
  setter.current = setPrice;

  useEffect(() => {
    if (ownPrice.current || !limit || suggestion === null || filledFor.current === side) return;
    filledFor.current = side;
    setter.current(suggestion, false);
  }, [side, limit, suggestion]);

  const pickSeq = pick?.seq;
  const pickPrice = pick?.price;
  useEffect(() => {
    if (pickSeq === undefined || pickPrice === undefined) return;
    ownPrice.current = true;
    setter.current(pickPrice, true);
  }, [pickSeq, pickPrice]);

  /** Call when the trader types into the price field. */
  return useCallback(() => {
    ownPrice.current = true;
  }, []);
}
