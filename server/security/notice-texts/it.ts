// Security notices in Italian. Placeholders in braces are filled in by notices.ts.
import type { NoticeLanguage } from './types.ts';

const notYou = 'Se non sei stato tu, cambia subito la password e contatta l’assistenza.';
const paused = 'I prelievi sono sospesi per un po’.';

export const it: NoticeLanguage = {
  kinds: {
    new_device_login: {
      subject: '{brand}: accesso da un nuovo dispositivo',
      mail: `Il tuo account {brand} {account} ha effettuato l’accesso da un nuovo dispositivo il {at}: {device}, indirizzo {ip}. ${notYou}`,
      sms: '{brand}: accesso da un nuovo dispositivo ({device}, {ip}).',
    },
    password_changed: {
      subject: '{brand}: la tua password di accesso è stata modificata',
      mail: `La password di accesso del tuo account {brand} {account} è stata modificata il {at}. Gli altri dispositivi sono stati disconnessi. ${paused} ${notYou}`,
      sms: '{brand}: la tua password di accesso è stata modificata.',
    },
    trade_password_changed: {
      subject: '{brand}: la tua password di trading è stata modificata',
      mail: `La password di trading del tuo account {brand} {account} è stata modificata il {at}. ${paused} ${notYou}`,
      sms: '{brand}: la tua password di trading è stata modificata.',
    },
    totp_bound: {
      subject: '{brand}: app di autenticazione attivata',
      mail: `Un’app di autenticazione è stata collegata al tuo account {brand} {account} il {at}. ${notYou}`,
      sms: '{brand}: un’app di autenticazione è stata collegata al tuo account.',
    },
    totp_unbound: {
      subject: '{brand}: app di autenticazione disattivata',
      mail: `L’app di autenticazione del tuo account {brand} {account} è stata scollegata il {at}. ${paused} ${notYou}`,
      sms: '{brand}: la tua app di autenticazione è stata scollegata.',
    },
    passkey_added: {
      subject: '{brand}: passkey aggiunta',
      mail: `Una passkey chiamata «{name}» è stata aggiunta al tuo account {brand} {account} il {at}. ${notYou}`,
      sms: '{brand}: la passkey «{name}» è stata aggiunta.',
    },
    passkey_removed: {
      subject: '{brand}: passkey rimossa',
      mail: `La passkey chiamata «{name}» è stata rimossa dal tuo account {brand} {account} il {at}. ${paused} ${notYou}`,
      sms: '{brand}: la passkey «{name}» è stata rimossa.',
    },
    phone_bound: {
      subject: '{brand}: numero di telefono modificato',
      mail: `Il numero di telefono {phone} è stato collegato al tuo account {brand} {account} il {at}. ${paused} ${notYou}`,
      sms: '{brand}: il telefono {phone} è stato collegato al tuo account.',
    },
    address_added: {
      subject: '{brand}: nuovo indirizzo di prelievo',
      mail: `Un indirizzo di prelievo {asset} su {chain} è stato aggiunto al tuo account {brand} {account}: {address}. Potrà ricevere prelievi dal {usableFrom}. ${notYou}`,
      sms: '{brand}: nuovo indirizzo di prelievo {asset} {address}.',
    },
    withdrawal_requested: {
      subject: '{brand}: prelievo richiesto',
      mail: `È stato richiesto un prelievo di {amount} {asset} verso {address} dal tuo account {brand} {account} il {at}. ${notYou}`,
      sms: '{brand}: richiesto un prelievo di {amount} {asset}.',
    },
    recovery_code_used: {
      subject: '{brand}: codice di recupero utilizzato',
      mail: `Un codice di recupero del tuo account {brand} {account} è stato utilizzato il {at}; ne restano {left}. ${paused} ${notYou}`,
      sms: '{brand}: è stato utilizzato un codice di recupero; ne restano {left}.',
    },
    anti_phishing_set: {
      subject: '{brand}: codice anti-phishing impostato',
      mail: `Il codice anti-phishing del tuo account {brand} {account} è stato impostato il {at}. Ogni email di {brand} ora lo contiene; un’email senza di esso non viene da noi. ${notYou}`,
      sms: '{brand}: il tuo codice anti-phishing è stato impostato.',
    },
    whitelist_disabled: {
      subject: '{brand}: modalità whitelist disattivata',
      mail: `La modalità whitelist del tuo account {brand} {account} è stata disattivata il {at}: i prelievi possono andare a qualsiasi indirizzo. ${paused} ${notYou}`,
      sms: '{brand}: la modalità whitelist è stata disattivata.',
    },
  },
};
