// The identity verification page's side of the facade: its state, the two ID images and the
// submission. Real names and ID numbers go to the server only and are never logged.
import type { Outcome } from '../kernel/outcome.ts';

export type VerificationStatus = 'unverified' | 'pending' | 'verified' | 'rejected';

export interface VerificationView {
  status: VerificationStatus;
  /** Masked by the server. */
  realName: string | null;
  idNumber: string | null;
  /** Formatted for the locale. */
  submittedAt: string | null;
  rejectReason: string | null;
}

export interface VerificationForm {
  real_name: string;
  id_number: string;
  /** URLs answered by `uploadIdImage`. */
  front_img: string;
  back_img: string;
}

export interface IdentityHandlers {
  verificationInfo(): Promise<Outcome<VerificationView>>;
  /** Uploads one image of the ID; answers its URL for the submission. */
  uploadIdImage(file: Blob): Promise<Outcome<{ url: string }>>;
  submitVerification(form: VerificationForm): Promise<Outcome<VerificationView>>;
}
