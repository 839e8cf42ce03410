// The verification in a Web Worker, where the app runs it: answers each batch's times.
import { timeVerification, type VerifyInput } from './proof-verify-check.ts';

self.onmessage = (event: MessageEvent<VerifyInput>) => {
  self.postMessage(timeVerification(event.data));
};
