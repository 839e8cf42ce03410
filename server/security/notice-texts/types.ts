// The shape of one language's security notices: a subject, a mail and a short SMS per kind. The
// line carrying the anti-phishing code is server/mail/anti-phishing-line.ts, shared with code mails.
import type { Notice } from './notice.ts';

export type NoticeKind = Notice['kind'];

export interface NoticeText {
  subject: string;
  /** The mail's body, before the anti-phishing line. */
  mail: string;
  /** The SMS: one short sentence, before the anti-phishing line. */
  sms: string;
}

export interface NoticeLanguage {
  kinds: Record<NoticeKind, NoticeText>;
}
