// Identity verification's live view: the state as last answered or pushed on the private `kyc`
// channel, so the verification page learns the operator's decision without a reload.
import type { VerificationInfo } from '../../core/projections/identity.ts';
import { formatTimestamp } from '../kernel/time-format.ts';
import { defineView } from '../kernel/view.ts';
import type { VerificationView } from './types.ts';

/** The state as the page shows it: times in the locale's style, values masked by the server. */
export function verificationView(info: VerificationInfo, locale: string): VerificationView {
  return {
    status: info.status,
    realName: info.real_name,
    idNumber: info.id_number,
    submittedAt:
      info.submitted_at === null ? null : formatTimestamp(info.submitted_at, locale, 'dated'),
    rejectReason: info.reject_reason,
  };
}

/** Null until the page's own request is answered. */
export const verificationLiveView = defineView<VerificationView | null>({
  source: (view) => view.identity.verification,
  payload: (view, _params, locale) =>
    view.identity.verification && verificationView(view.identity.verification, locale),
});
