// Security notices to the account's owner, by mail and by SMS where a phone is bound, in the
// account's language and carrying its anti-phishing code (docs/security.md).
import type { FastifyBaseLogger } from 'fastify';
import { getUser } from '../accounts/users.ts';
import type { AppDeps } from '../deps.ts';
import { withAntiPhishing } from '../mail/anti-phishing-line.ts';
import type { Mailer, OutgoingMessage } from '../mail/mailer.ts';
import { maskAccount } from '../referrals/mask-account.ts';
import { noticeTexts } from './notice-texts/index.ts';
import type { Notice } from './notice-texts/notice.ts';
import { untilText } from './withdraw-hold.ts';

export type { Notice };

/**
 * The app's dependencies; a module's context also carries its logger, which a failed send is
 * written to (a route's own deps do: `notify(context, …)` from a module's routes).
 */
export type NoticeDeps = AppDeps & { log?: Pick<FastifyBaseLogger, 'error'> };

type Owner = {
  account: string;
  email: string | null;
  phone: string | null;
  language: keyof typeof noticeTexts;
  anti_phishing_code: string | null;
};

/** The values a template may name, as the owner reads them. */
function valuesOf(deps: AppDeps, owner: Owner, notice: Notice): Record<string, string> {
  const values: Record<string, string> = {
    brand: deps.config.brandName,
    account: maskAccount(owner.account),
    at: untilText(deps.clock.now()),
  };
  for (const [key, value] of Object.entries(notice)) {
    if (key === 'kind' || value === null || value === undefined) continue;
    values[key] = value instanceof Date ? untilText(value) : String(value);
  }
  // A phone in a notice is shown masked, as everywhere else; an address is shown whole, so the
  // owner can check it character by character.
  if (notice.kind === 'phone_bound') values.phone = maskAccount(notice.phone);
  return values;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** The mail and the SMS of a notice, in the owner's language, each with the anti-phishing line. */
export function noticeMessages(
  deps: AppDeps,
  owner: Owner,
  notice: Notice,
): { mail: Omit<OutgoingMessage, 'to'>; sms: Omit<OutgoingMessage, 'to'> } {
  const text = noticeTexts[owner.language].kinds[notice.kind];
  const values = valuesOf(deps, owner, notice);
  const subject = fill(text.subject, values);
  const code = owner.anti_phishing_code;
  return {
    mail: { subject, text: withAntiPhishing(owner.language, fill(text.mail, values), code) },
    sms: { subject, text: withAntiPhishing(owner.language, fill(text.sms, values), code) },
  };
}

/** Sends one notice after the change committed; a transport failure is logged, never thrown. */
export async function notify(deps: NoticeDeps, userId: number, notice: Notice): Promise<void> {
  // The change the notice tells of has committed: a failed send must not turn it into an error.
  const failed = (err: unknown) => {
    if (deps.log) deps.log.error({ err, kind: notice.kind }, 'a security notice was not sent');
    else process.emitWarning(`a security notice (${notice.kind}) was not sent: ${String(err)}`);
  };
  const send = (mailer: Mailer, to: string, message: Omit<OutgoingMessage, 'to'>) =>
    mailer.send({ to, ...message }).catch(failed);
  try {
    const owner = await getUser(deps.db, userId);
    const { mail, sms } = noticeMessages(deps, owner, notice);
    const phones = new Set<string>();
    if (owner.phone !== null) phones.add(owner.phone);
    if (notice.kind === 'phone_bound' && notice.previous) phones.add(notice.previous);
    await Promise.all([
      owner.email === null ? undefined : send(deps.email, owner.email, mail),
      ...[...phones].map((phone) => send(deps.sms, phone, sms)),
    ]);
  } catch (err) {
    failed(err);
  }
}
