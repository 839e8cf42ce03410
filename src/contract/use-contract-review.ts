// The order form's review as typed, worked out in the worker with the settlement's own formulas:
// cost, maxima, the liquidation estimate. Worked out again when the form or what it depends on
// (the mark, the wallet, the positions: the page's view) changes.
import { useEffect, useState } from 'react';
import type { ContractOrderForm, ContractReview } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';

export function useContractReview(
  symbol: string,
  form: ContractOrderForm,
  version: unknown,
): ContractReview | null {
  const core = useWorker();
  const [review, setReview] = useState<ContractReview | null>(null);
  useEffect(() => {
    void version;
    let current = true;
    void core.reviewContractOrder(symbol, form).then((answer) => {
      if (current) setReview(answer);
    });
    return () => {
      current = false;
    };
  }, [core, symbol, form, version]);
  return review;
}
