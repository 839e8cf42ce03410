// Identity verification in the worker: the images go up as multipart, the submission as a form;
// intents are logged without the name, the ID number or the images, and the state the server
// answers (masked) is logged for the page.

import type { VerificationInfo } from '../../core/projections/identity.ts';
import { uploadImage } from '../../schemas/api/content.schema.ts';
import { submitVerification, verificationInfo } from '../../schemas/api/security.schema.ts';
import { type DomainContext, defineDomain } from '../kernel/context.ts';
import type { Outcome } from '../kernel/outcome.ts';
import { formatTimestamp } from '../kernel/time-format.ts';
import type { IdentityHandlers, VerificationView } from './types.ts';

export function createIdentityHandlers(context: DomainContext): IdentityHandlers {
  const { call, record } = context;
  const view = (outcome: Outcome<VerificationInfo>): Outcome<VerificationView> => {
    if (!outcome.ok) return outcome;
    const info = outcome.data;
    record({ source: 'api', type: 'verification', payload: info });
    return {
      ok: true,
      data: {
        status: info.status,
        realName: info.real_name,
        idNumber: info.id_number,
        submittedAt:
          info.submitted_at === null
            ? null
            : formatTimestamp(info.submitted_at, context.locale(), 'dated'),
        rejectReason: info.reject_reason,
      },
    };
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

export const identityDomain = defineDomain({ handlers: createIdentityHandlers });
