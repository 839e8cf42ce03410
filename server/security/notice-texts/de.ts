// Security notices in German. Placeholders in braces are filled in by notices.ts.
import type { NoticeLanguage } from './types.ts';

const notYou =
  'Wenn Sie das nicht waren, ändern Sie sofort Ihr Passwort und wenden Sie sich an den Support.';
const paused = 'Auszahlungen sind für eine Weile ausgesetzt.';

export const de: NoticeLanguage = {
  kinds: {
    new_device_login: {
      subject: '{brand}: Anmeldung von einem neuen Gerät',
      mail: `Ihr {brand}-Konto {account} wurde am {at} von einem neuen Gerät angemeldet: {device}, Adresse {ip}. ${notYou}`,
      sms: '{brand}: Anmeldung von einem neuen Gerät ({device}, {ip}).',
    },
    password_changed: {
      subject: '{brand}: Ihr Anmeldepasswort wurde geändert',
      mail: `Das Anmeldepasswort Ihres {brand}-Kontos {account} wurde am {at} geändert. Andere Geräte wurden abgemeldet. ${paused} ${notYou}`,
      sms: '{brand}: Ihr Anmeldepasswort wurde geändert.',
    },
    trade_password_changed: {
      subject: '{brand}: Ihr Handelspasswort wurde geändert',
      mail: `Das Handelspasswort Ihres {brand}-Kontos {account} wurde am {at} geändert. ${paused} ${notYou}`,
      sms: '{brand}: Ihr Handelspasswort wurde geändert.',
    },
    totp_bound: {
      subject: '{brand}: Authenticator-App aktiviert',
      mail: `Eine Authenticator-App wurde am {at} mit Ihrem {brand}-Konto {account} verknüpft. ${notYou}`,
      sms: '{brand}: Eine Authenticator-App wurde mit Ihrem Konto verknüpft.',
    },
    totp_unbound: {
      subject: '{brand}: Authenticator-App deaktiviert',
      mail: `Die Authenticator-App Ihres {brand}-Kontos {account} wurde am {at} entfernt. ${paused} ${notYou}`,
      sms: '{brand}: Ihre Authenticator-App wurde entfernt.',
    },
    passkey_added: {
      subject: '{brand}: Passkey hinzugefügt',
      mail: `Ein Passkey namens „{name}“ wurde am {at} zu Ihrem {brand}-Konto {account} hinzugefügt. ${notYou}`,
      sms: '{brand}: Passkey „{name}“ wurde hinzugefügt.',
    },
    passkey_removed: {
      subject: '{brand}: Passkey entfernt',
      mail: `Der Passkey namens „{name}“ wurde am {at} aus Ihrem {brand}-Konto {account} entfernt. ${paused} ${notYou}`,
      sms: '{brand}: Passkey „{name}“ wurde entfernt.',
    },
    api_key_created: {
      subject: '{brand}: API-Schlüssel erstellt',
      mail: `Ein API-Schlüssel namens „{name}“ wurde am {at} für Ihr {brand}-Konto {account} erstellt. ${notYou}`,
      sms: '{brand}: API-Schlüssel „{name}“ wurde erstellt.',
    },
    api_key_deleted: {
      subject: '{brand}: API-Schlüssel gelöscht',
      mail: 'Der API-Schlüssel namens „{name}“ wurde am {at} aus Ihrem {brand}-Konto {account} gelöscht: Programme, die ihn nutzen, können nicht mehr zugreifen.',
      sms: '{brand}: API-Schlüssel „{name}“ wurde gelöscht.',
    },
    phone_bound: {
      subject: '{brand}: Telefonnummer geändert',
      mail: `Die Telefonnummer {phone} wurde am {at} mit Ihrem {brand}-Konto {account} verknüpft. ${paused} ${notYou}`,
      sms: '{brand}: Telefon {phone} wurde mit Ihrem Konto verknüpft.',
    },
    address_added: {
      subject: '{brand}: neue Auszahlungsadresse',
      mail: `Zu Ihrem {brand}-Konto {account} wurde eine {asset}-Auszahlungsadresse auf {chain} hinzugefügt: {address}. Sie kann ab {usableFrom} Auszahlungen empfangen. ${notYou}`,
      sms: '{brand}: neue {asset}-Auszahlungsadresse {address}.',
    },
    withdrawal_requested: {
      subject: '{brand}: Auszahlung beantragt',
      mail: `Von Ihrem {brand}-Konto {account} wurde am {at} eine Auszahlung von {amount} {asset} an {address} beantragt. ${notYou}`,
      sms: '{brand}: Auszahlung von {amount} {asset} beantragt.',
    },
    recovery_code_used: {
      subject: '{brand}: Wiederherstellungscode verwendet',
      mail: `Ein Wiederherstellungscode Ihres {brand}-Kontos {account} wurde am {at} verwendet; {left} verbleiben. ${paused} ${notYou}`,
      sms: '{brand}: Ein Wiederherstellungscode wurde verwendet; {left} verbleiben.',
    },
    anti_phishing_set: {
      subject: '{brand}: Anti-Phishing-Code festgelegt',
      mail: `Der Anti-Phishing-Code Ihres {brand}-Kontos {account} wurde am {at} festgelegt. Jede Mail von {brand} enthält ihn nun; eine Mail ohne ihn stammt nicht von uns. ${notYou}`,
      sms: '{brand}: Ihr Anti-Phishing-Code wurde festgelegt.',
    },
    whitelist_disabled: {
      subject: '{brand}: Whitelist-Modus deaktiviert',
      mail: `Der Whitelist-Modus Ihres {brand}-Kontos {account} wurde am {at} deaktiviert: Auszahlungen können an jede Adresse gehen. ${paused} ${notYou}`,
      sms: '{brand}: Der Whitelist-Modus wurde deaktiviert.',
    },
    login_guesses_blocked: {
      subject: '{brand}: falsche Passwörter für Ihr Konto eingegeben',
      mail: '{brand} hat innerhalb von {minutes} Minuten {refused} falsche Anmeldepasswörter für Ihr Konto {account} abgewiesen. Bis {until} sind Anmeldungen gesperrt, außer aus Netzwerken, aus denen Sie sich schon angemeldet haben; angemeldete Geräte bleiben angemeldet. Ihr Passwort wurde nicht preisgegeben. Wenn Sie das nicht waren, ist nichts zu tun, doch ein starkes Passwort, das Sie nirgends sonst verwenden, ist am besten. Um sich vorher von anderswo anzumelden, setzen Sie Ihr Passwort über „Passwort vergessen“ zurück: Das hebt auch die Sperre auf.',
      sms: '{brand}: {refused} falsche Anmeldepasswörter abgewiesen; Anmeldungen aus neuen Netzwerken sind bis {until} gesperrt.',
    },
    trade_guesses_blocked: {
      subject: '{brand}: falsche Handelspasswörter für Ihr Konto eingegeben',
      mail: '{brand} hat innerhalb von {minutes} Minuten {refused} falsche Handelspasswörter für Ihr Konto {account} abgewiesen, daher sind Auszahlungen bis {until} gesperrt. Ihr Handelspasswort wurde nicht preisgegeben. Ein Handelspasswort kann nur eingeben, wer in Ihrem Konto angemeldet ist. Wenn Sie das nicht waren, ändern Sie sofort Ihr Anmeldepasswort, wodurch alle anderen Geräte abgemeldet werden, und legen Sie mit einem an Sie gesendeten Code ein neues Handelspasswort fest: Das hebt auch die Sperre auf.',
      sms: '{brand}: {refused} falsche Handelspasswörter abgewiesen; Auszahlungen sind bis {until} gesperrt.',
    },
    totp_guesses_blocked: {
      subject: '{brand}: falsche Authenticator-Codes für Ihr Konto eingegeben',
      mail: '{brand} hat innerhalb von {minutes} Minuten {refused} falsche Authenticator- oder Wiederherstellungscodes für Ihr Konto {account} abgewiesen, daher werden bis {until} keine Codes angenommen. Ihre Authenticator-App wurde nicht preisgegeben, doch wer die Codes eingegeben hat, kennt vielleicht Ihr Passwort. Wenn Sie das nicht waren, ändern Sie Ihr Anmeldepasswort, indem Sie es über „Passwort vergessen“ zurücksetzen: Das meldet alle Geräte ab und hebt die Sperre auf.',
      sms: '{brand}: {refused} falsche Authenticator-Codes abgewiesen; bis {until} werden keine Codes angenommen.',
    },
  },
};
