// The benchmark page: `runVerify(input, where)` checks the proofs in a Web Worker (as the app
// does) or on the page's own thread, and answers the times.
import { timeVerification, type VerifyInput, type VerifyTimes } from './proof-verify-check.ts';

const worker = new Worker(new URL('./proof-verify.worker.ts', import.meta.url), { type: 'module' });

function inWorker(input: VerifyInput): Promise<VerifyTimes> {
  return new Promise((resolve) => {
    worker.onmessage = (event: MessageEvent<VerifyTimes>) => resolve(event.data);
    worker.postMessage(input);
  });
}

Object.assign(window, {
  runVerify: (input: VerifyInput, where: 'worker' | 'page') =>
    where === 'worker' ? inWorker(input) : Promise.resolve(timeVerification(input)),
});
