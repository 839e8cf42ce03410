// Security notices in English. Placeholders in braces are filled in by notices.ts.
import type { NoticeLanguage } from './types.ts';

const notYou = 'If this was not you, change your password now and contact support.';

export const en: NoticeLanguage = {
  kinds: {
    new_device_login: {
      subject: '{brand}: login from a new device',
      mail: `Your {brand} account {account} was logged in from a new device: {device}, address {ip}, at {at}. ${notYou}`,
      sms: '{brand}: login from a new device ({device}, {ip}).',
    },
    password_changed: {
      subject: '{brand}: your login password was changed',
      mail: `The login password of your {brand} account {account} was changed at {at}. Other devices were logged out, and withdrawals are paused for a while. ${notYou}`,
      sms: '{brand}: your login password was changed.',
    },
    trade_password_changed: {
      subject: '{brand}: your trade password was changed',
      mail: `The trade password of your {brand} account {account} was changed at {at}. Withdrawals are paused for a while. ${notYou}`,
      sms: '{brand}: your trade password was changed.',
    },
    totp_bound: {
      subject: '{brand}: authenticator app turned on',
      mail: `An authenticator app was bound to your {brand} account {account} at {at}. ${notYou}`,
      sms: '{brand}: an authenticator app was bound to your account.',
    },
    totp_unbound: {
      subject: '{brand}: authenticator app turned off',
      mail: `The authenticator app of your {brand} account {account} was unbound at {at}. Withdrawals are paused for a while. ${notYou}`,
      sms: '{brand}: your authenticator app was unbound.',
    },
    passkey_added: {
      subject: '{brand}: passkey added',
      mail: `A passkey named "{name}" was added to your {brand} account {account} at {at}. ${notYou}`,
      sms: '{brand}: passkey "{name}" was added.',
    },
    passkey_removed: {
      subject: '{brand}: passkey removed',
      mail: `The passkey named "{name}" was removed from your {brand} account {account} at {at}. Withdrawals are paused for a while. ${notYou}`,
      sms: '{brand}: passkey "{name}" was removed.',
    },
    api_key_created: {
      subject: '{brand}: API key created',
      mail: `An API key named "{name}" was created on your {brand} account {account} at {at}. ${notYou}`,
      sms: '{brand}: API key "{name}" was created.',
    },
    api_key_deleted: {
      subject: '{brand}: API key deleted',
      mail: 'The API key named "{name}" was deleted from your {brand} account {account} at {at}: programs using it can no longer call.',
      sms: '{brand}: API key "{name}" was deleted.',
    },
    phone_bound: {
      subject: '{brand}: phone number changed',
      mail: `The phone number {phone} was bound to your {brand} account {account} at {at}. Withdrawals are paused for a while. ${notYou}`,
      sms: '{brand}: phone {phone} was bound to your account.',
    },
    address_added: {
      subject: '{brand}: new withdrawal address',
      mail: `A {asset} withdrawal address on {chain} was added to your {brand} account {account}: {address}. It can receive withdrawals from {usableFrom}. ${notYou}`,
      sms: '{brand}: new {asset} withdrawal address {address}.',
    },
    withdrawal_requested: {
      subject: '{brand}: withdrawal requested',
      mail: `A withdrawal of {amount} {asset} to {address} was requested from your {brand} account {account} at {at}. ${notYou}`,
      sms: '{brand}: withdrawal of {amount} {asset} requested.',
    },
    recovery_code_used: {
      subject: '{brand}: recovery code used',
      mail: `A recovery code of your {brand} account {account} was used at {at}; {left} remain. Withdrawals are paused for a while. ${notYou}`,
      sms: '{brand}: a recovery code was used; {left} remain.',
    },
    anti_phishing_set: {
      subject: '{brand}: anti-phishing code set',
      mail: `The anti-phishing code of your {brand} account {account} was set at {at}. Every mail from {brand} now carries it; a mail without it is not from us. ${notYou}`,
      sms: '{brand}: your anti-phishing code was set.',
    },
    whitelist_disabled: {
      subject: '{brand}: whitelist mode turned off',
      mail: `Whitelist mode of your {brand} account {account} was turned off at {at}: withdrawals may go to any address. Withdrawals are paused for a while. ${notYou}`,
      sms: '{brand}: whitelist mode was turned off.',
    },
    login_guesses_blocked: {
      subject: '{brand}: wrong passwords entered for your account',
      mail: '{brand} refused {refused} wrong login passwords for your account {account} within {minutes} minutes. Until {until}, logins are blocked except from networks you have logged in from before; devices that are logged in stay logged in. Your password was not given away. If this was not you, nothing is needed, though a strong password used nowhere else is best. To get in from elsewhere before then, reset your password with "Forgot password": that also lifts the block.',
      sms: '{brand}: {refused} wrong login passwords refused; logins from new networks are blocked until {until}.',
    },
    trade_guesses_blocked: {
      subject: '{brand}: wrong trade passwords entered for your account',
      mail: '{brand} refused {refused} wrong trade passwords for your account {account} within {minutes} minutes, so withdrawals are blocked until {until}. Your trade password was not given away. A trade password can only be entered by someone logged in to your account. If this was not you, change your login password now, which logs out every other device, and set a new trade password with a code sent to you: that also lifts the block.',
      sms: '{brand}: {refused} wrong trade passwords refused; withdrawals are blocked until {until}.',
    },
    totp_guesses_blocked: {
      subject: '{brand}: wrong authenticator codes entered for your account',
      mail: '{brand} refused {refused} wrong authenticator or recovery codes for your account {account} within {minutes} minutes, so codes are not accepted until {until}. Your authenticator was not given away, but whoever entered them may know your password. If this was not you, change your login password by resetting it with "Forgot password": that logs out every device and lifts the block.',
      sms: '{brand}: {refused} wrong authenticator codes refused; codes are not accepted until {until}.',
    },
  },
};
