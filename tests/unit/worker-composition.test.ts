// How the client is put together: every answer and frame is read by a fold (checked by the type
// checker, which fails on the marked lines if that stops being true), and the facade is the
// domains' handler objects combined, none defining a handler twice.
import { describe, expect, it } from 'vitest';
import type { clientFolds, UnreadBy } from '../../core/projections/client-view.ts';
import { combine } from '../../workers/kernel/combine.ts';

type Folds = typeof clientFolds;
const allRead: [UnreadBy<Folds>] extends [never] ? true : false = true;
// @ts-expect-error without the tickers fold, ticker frames would be logged and never shown
const withoutTickers: [UnreadBy<Omit<Folds, 'tickers'>>] extends [never] ? true : false = true;
// @ts-expect-error without the wallet fold, the wallet pages could not be replayed
const withoutWallet: [UnreadBy<Omit<Folds, 'wallet'>>] extends [never] ? true : false = true;

describe('the client composition', () => {
  it('reads every API and socket event in some fold', () => {
    expect([allRead, withoutTickers, withoutWallet]).toEqual([true, true, true]);
  });

  it('combines handler objects, and refuses two that name a handler alike', () => {
    const both = combine({ a: () => 1 }, { b: () => 2 });
    expect([both.a(), both.b()]).toEqual([1, 2]);
    expect(() => combine({ watch: () => 1 }, { watch: () => 2 })).toThrow(/watch/);
  });
});
