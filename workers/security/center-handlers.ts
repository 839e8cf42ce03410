// The security center's calls: its overview, the authenticator app, the phone, the anti-phishing
// code, whitelist mode, devices and sessions, and the login history. Codes, the authenticator's
// secret and the recovery codes go to the server or the page only: the intents say which kind of
// proof was given, never the proof, and an answer is logged by the kernel without its data. A
// form's refusal comes back named by its field (refusal-fields.ts) for the form to say.
import {
  bindPhone,
  endOtherSessions,
  endSession,
  loginHistory,
  protectionNames,
  securityOverview,
  sendPhoneCode,
  sessions,
  setAntiPhishingCode,
  setWithdrawWhitelist,
} from '../../schemas/api/account-security.schema.ts';
import { totpBind, totpSetup, totpUnbind } from '../../schemas/api/two-factor.schema.ts';
import type { DomainContext } from '../kernel/context.ts';
import { mapOutcome, pageOf } from '../kernel/outcome.ts';
import { formatTimestamp } from '../kernel/time-format.ts';
import { withFormField } from './refusal-fields.ts';
import type { ProtectionName, SecondFactor, SecurityCenterHandlers } from './types.ts';

/** Rows of the login history a page asks for at once. */
export const loginPageSize = 20;

/** A second factor as the request's fields: only the one given, blank ones left out. */
function factorFields(factor: SecondFactor | undefined) {
  const code = factor?.code.trim() ?? '';
  if (!factor || code === '') return {};
  return factor.kind === 'totp' ? { totp_code: code } : { recovery_code: code };
}

/** Which kind of factor a step carried, for its intent. */
const factorKind = (factor: SecondFactor | undefined) => ({
  factor: factor && factor.code.trim() !== '' ? factor.kind : ('none' as const),
});

export interface CenterContext extends Pick<DomainContext, 'call' | 'record' | 'locale'> {
  /** Now, in ms since the epoch: whether a withdrawal hold still runs. */
  now?: () => number;
}

export function createSecurityCenterHandlers(context: CenterContext): SecurityCenterHandlers {
  const { record, locale } = context;
  const now = context.now ?? Date.now;
  const call = context.call;
  /** A form's call: its refusal not toasted by the worker, but named by field for the form. */
  const formCall: typeof call = async (endpoint, input, headers) => {
    const emailCodeOnly = !('code' in (input as object));
    const outcome = await call(endpoint, input, headers, { toastRefusal: false });
    return withFormField(outcome, emailCodeOnly);
  };
  return {
    async securityOverview() {
      const outcome = await call(securityOverview, {});
      return mapOutcome(outcome, (data) => {
        const on = Object.fromEntries(protectionNames.map((name) => [name, false])) as Record<
          ProtectionName,
          boolean
        >;
        for (const protection of data.protections) on[protection.name] = protection.on;
        const until = data.withdraw_hold_until;
        // A hold that has ended is no longer news, though the server may still name it.
        const holding = until !== null && Date.parse(until) > now();
        return {
          protections: data.protections,
          on,
          level: data.level,
          next: data.next,
          email: data.email,
          phone: data.phone,
          antiPhishingCode: data.anti_phishing_code,
          passkeyCount: data.passkey_count,
          whitelist: data.withdraw_whitelist,
          hold: holding
            ? {
                until: formatTimestamp(until, locale(), 'dated'),
                reason: data.withdraw_hold_reason,
              }
            : null,
          addressHoldHours: data.address_hold_hours,
        };
      });
    },
    async startTotpSetup() {
      record({ source: 'intent', type: 'totp-setup', payload: null });
      // The page says a refusal (one is already bound) in place of the QR code.
      const outcome = await call(totpSetup, {}, undefined, { toastRefusal: false });
      return mapOutcome(outcome, ({ secret, uri, expires_in }) => ({
        secret,
        uri,
        expiresIn: expires_in,
      }));
    },
    async bindTotp(code) {
      record({ source: 'intent', type: 'totp-bind', payload: null });
      const outcome = await formCall(totpBind, { totp_code: code.trim() });
      return mapOutcome(outcome, ({ recovery_codes }) => ({ recoveryCodes: recovery_codes }));
    },
    unbindTotp({ factor, emailCode }) {
      record({ source: 'intent', type: 'totp-unbind', payload: factorKind(factor) });
      return formCall(totpUnbind, { ...factorFields(factor), email_code: emailCode.trim() });
    },
    async sendPhoneCode(phone) {
      record({ source: 'intent', type: 'phone-code-requested', payload: null });
      const outcome = await formCall(sendPhoneCode, { phone: phone.trim() });
      return mapOutcome(outcome, ({ resend_in }) => ({ resend_in }));
    },
    bindPhone({ phone, code, emailCode, factor }) {
      record({ source: 'intent', type: 'phone-bind', payload: factorKind(factor) });
      return formCall(bindPhone, {
        phone: phone.trim(),
        code: code.trim(),
        email_code: emailCode.trim(),
        ...factorFields(factor),
      });
    },
    setAntiPhishingCode({ code, emailCode }) {
      record({ source: 'intent', type: 'anti-phishing-set', payload: null });
      return formCall(setAntiPhishingCode, {
        anti_phishing_code: code.trim(),
        email_code: emailCode.trim(),
      });
    },
    setWhitelist({ enabled, emailCode, factor }) {
      record({
        source: 'intent',
        type: 'whitelist-set',
        payload: { enabled, ...factorKind(factor) },
      });
      const code = emailCode?.trim() ?? '';
      return formCall(setWithdrawWhitelist, {
        enabled,
        ...(code === '' ? {} : { email_code: code }),
        ...factorFields(factor),
      });
    },
    async sessions() {
      const outcome = await call(sessions, {});
      const shown = locale();
      return mapOutcome(outcome, (list) =>
        list.map((entry) => ({
          id: entry.id,
          device: entry.device,
          ip: entry.ip,
          createdAt: formatTimestamp(entry.created_at, shown, 'dated'),
          lastSeenAt: formatTimestamp(entry.last_seen_at, shown, 'dated'),
          current: entry.current,
        })),
      );
    },
    endSession(id) {
      record({ source: 'intent', type: 'session-end', payload: null });
      return call(endSession, { id });
    },
    endOtherSessions() {
      record({ source: 'intent', type: 'sessions-end-others', payload: null });
      return call(endOtherSessions, {});
    },
    async loginHistory(page) {
      const outcome = await call(loginHistory, { page, size: loginPageSize });
      const shown = locale();
      return mapOutcome(outcome, (data) => {
        const seen = new Map<string, number>();
        return pageOf(data, (entry) => {
          // A try is named by what it was; two alike in the same millisecond are told apart by
          // their order, so a row pushed onto the next page by newer ones is still known there.
          const name = `${entry.at}|${entry.ip}|${entry.device}|${entry.method}|${entry.outcome}`;
          const repeat = seen.get(name) ?? 0;
          seen.set(name, repeat + 1);
          return {
            key: repeat === 0 ? name : `${name}|${repeat}`,
            time: formatTimestamp(entry.at, shown, 'dated'),
            device: entry.device,
            ip: entry.ip,
            method: entry.method,
            outcome: entry.outcome,
            newDevice: entry.new_device,
          };
        });
      });
    },
  };
}
