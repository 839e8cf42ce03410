// Identity verification: image uploads served to their owner only, submissions, and the
// operator's review.
import { defineModule } from '../module.ts';
import { identityRoutes } from './identity-routes.ts';
import { kycOps } from './kyc-ops.ts';
import { verificationFrames } from './verification-frames.ts';

export const identityModule = defineModule({
  name: 'identity',
  create(context) {
    identityRoutes(context.app, context.router, context, context.sessionLimits);
    return {
      ops: kycOps(context),
      privateStreams: [verificationFrames({ db: context.db, log: context.log })],
    };
  },
});
