// The preview of the form as typed, worked out in the worker: the fee with the settlement's own
// math and, for a market order, its walk of the book (what fills, at what average).
import { useEffect, useState } from 'react';
import type { SpotOrderForm, SpotReview } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';

export function useFeePreview(
  symbol: string,
  form: SpotOrderForm,
  ready: boolean,
): Pick<SpotReview, 'fee' | 'market'> | null {
  const core = useWorker();
  const [review, setReview] = useState<Pick<SpotReview, 'fee' | 'market'> | null>(null);
  useEffect(() => {
    if (!ready) return;
    let current = true;
    void core.reviewSpotOrder(symbol, form).then((next) => {
      if (current) setReview(next);
    });
    return () => {
      current = false;
    };
  }, [core, symbol, form, ready]);
  return ready ? review : null;
}
