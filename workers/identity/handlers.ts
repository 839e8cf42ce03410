// Identity verification in the worker: the images go up as multipart, the submission as a form;
// intents are logged without the name, the ID number or the images, and the state the server
// answers (masked) is logged for the page.

import type { VerificationInfo } from '../../core/projections/identity.ts';
import { uploadImage } from '../../schemas/api/content.schema.ts';
import {
  submitVerification,
  verificationInfo,
  verificationInfoSchema,
} from '../../schemas/api/security.schema.ts';
import { type DomainContext, defineDomain } from '../kernel/context.ts';
import type { Outcome } from '../kernel/outcome.ts';
import type { IdentityHandlers, VerificationView } from './types.ts';
import { verificationView } from './views.ts';

export function createIdentityHandlers(context: DomainContext): IdentityHandlers {
  const { call, record } = context;
  const view = (outcome: Outcome<VerificationInfo>): Outcome<VerificationView> => {
    if (!outcome.ok) return outcome;
    const info = outcome.data;
    record({ source: 'api', type: 'verification', payload: info });
    return { ok: true, data: verificationView(info, context.locale()) };
  };
  return {
    async verificationInfo() {
      record({ source: 'intent', type: 'verification-requested', payload: null });
      return view(await call(verificationInfo, {}));
    },
    async uploadIdImage(file) {
      record({ source: 'intent', type: 'verification-upload', payload: { bytes: file.size } });
      const bytes = new Uint8Array(await file.arrayBuffer());
      return call(uploadImage, { file: bytes });
    },
    async submitVerification(form) {
      record({ source: 'intent', type: 'verification-submit', payload: null });
      return view(await call(submitVerification, form));
    },
  };
}

export const identityDomain = defineDomain({
  handlers: createIdentityHandlers,
  // The operator's decision, pushed while the user is signed in and the domain loaded.
  signedInChannels: ['kyc'],
  frames: { kyc: verificationInfoSchema },
});
