// The fee preview of the form as typed, worked out in the worker with the settlement's own math.
import { useEffect, useState } from 'react';
import type { SpotOrderForm, SpotReview } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';

export function useFeePreview(
  symbol: string,
  form: SpotOrderForm,
  ready: boolean,
): SpotReview['fee'] {
  const core = useWorker();
  const [fee, setFee] = useState<SpotReview['fee']>(null);
  useEffect(() => {
    if (!ready) return;
    let current = true;
    void core.reviewSpotOrder(symbol, form).then((review) => {
      if (current) setFee(review.fee);
    });
    return () => {
      current = false;
    };
  }, [core, symbol, form, ready]);
  return ready ? fee : null;
}
