// Identity verification in the worker: the images go up as multipart, the submission as a form;
// intents are logged without the name, the ID number or the images.
import type { z } from 'zod';
import type { NewEvent } from '../core/event-log.ts';
import { uploadImage } from '../schemas/api/content.schema.ts';
import {
  submitVerification,
  verificationInfo,
  type verificationInfoSchema,
} from '../schemas/api/security.schema.ts';
import type { Outcome } from './facade.ts';
import type { IdentityHandlers, VerificationForm, VerificationView } from './identity-types.ts';
import { formatTimestamp } from './time-format.ts';
import type { CallApi } from './wallet-handlers.ts';

export interface IdentityDeps {
  call: CallApi;
  record(event: NewEvent): void;
  locale(): string;
}

type Info = z.output<typeof verificationInfoSchema>;

export class IdentityCalls implements IdentityHandlers {
  readonly #deps: IdentityDeps;

  constructor(deps: IdentityDeps) {
    this.#deps = deps;
  }

  async verificationInfo() {
    this.#intent('info', null);
    return this.#view(await this.#deps.call(verificationInfo, {}));
  }

  async uploadIdImage(file: Blob) {
    this.#intent('upload', { bytes: file.size });
    const bytes = new Uint8Array(await file.arrayBuffer());
    return this.#deps.call(uploadImage, { file: bytes });
  }

  async submitVerification(form: VerificationForm) {
    this.#intent('submit', null);
    return this.#view(await this.#deps.call(submitVerification, form));
  }

  #view(outcome: Outcome<Info>): Outcome<VerificationView> {
    if (!outcome.ok) return outcome;
    const info = outcome.data;
    return {
      ok: true,
      data: {
        status: info.status,
        realName: info.real_name,
        idNumber: info.id_number,
        submittedAt:
          info.submitted_at === null
            ? null
            : formatTimestamp(info.submitted_at, this.#deps.locale(), 'dated'),
        rejectReason: info.reject_reason,
      },
    };
  }

  #intent(name: string, payload: unknown): void {
    this.#deps.record({ source: 'intent', type: `verification-${name}`, payload });
  }
}
