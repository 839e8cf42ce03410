// What the worker says of a form as typed (its problems, what it would come to), asked again each
// time `review` changes: a new form, or a balance it depends on. An answer to an older form is
// dropped when a newer one was asked for.
import { useEffect, useState } from 'react';

/** `review` must be stable for a given form (a `useCallback` over what it reads). */
export function useReview<R>(review: () => Promise<R>): R | null {
  const [answer, setAnswer] = useState<R | null>(null);
  useEffect(() => {
    let current = true;
    void review().then((next) => {
      if (current) setAnswer(next);
    });
    return () => {
      current = false;
    };
  }, [review]);
  return answer;
}
