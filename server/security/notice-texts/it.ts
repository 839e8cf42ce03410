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
    api_key_created: {
      subject: '{brand}: chiave API creata',
      mail: `Una chiave API chiamata «{name}» è stata creata sul tuo account {brand} {account} il {at}. ${notYou}`,
      sms: '{brand}: la chiave API «{name}» è stata creata.',
    },
    api_key_deleted: {
      subject: '{brand}: chiave API eliminata',
      mail: 'La chiave API chiamata «{name}» è stata eliminata dal tuo account {brand} {account} il {at}: i programmi che la usano non possono più chiamare.',
      sms: '{brand}: la chiave API «{name}» è stata eliminata.',
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
    login_guesses_blocked: {
      subject: '{brand}: password errate inserite per il tuo account',
      mail: '{brand} ha rifiutato {refused} password di accesso errate per il tuo account {account} in {minutes} minuti. Fino al {until} gli accessi sono bloccati, tranne dalle reti da cui hai già effettuato l’accesso; i dispositivi connessi restano connessi. La tua password non è stata rivelata. Se non sei stato tu, non serve fare nulla, anche se è meglio una password robusta che non usi altrove. Per accedere da altrove prima di allora, reimposta la password con «Password dimenticata»: questo rimuove anche il blocco.',
      sms: '{brand}: rifiutate {refused} password di accesso errate; accessi da nuove reti bloccati fino al {until}.',
    },
    trade_guesses_blocked: {
      subject: '{brand}: password di trading errate inserite per il tuo account',
      mail: '{brand} ha rifiutato {refused} password di trading errate per il tuo account {account} in {minutes} minuti, quindi i prelievi sono bloccati fino al {until}. La tua password di trading non è stata rivelata. Una password di trading può essere inserita solo da chi ha effettuato l’accesso al tuo account. Se non sei stato tu, cambia subito la password di accesso, il che disconnette tutti gli altri dispositivi, e imposta una nuova password di trading con un codice che ti verrà inviato: questo rimuove anche il blocco.',
      sms: '{brand}: rifiutate {refused} password di trading errate; prelievi bloccati fino al {until}.',
    },
    totp_guesses_blocked: {
      subject: '{brand}: codici di autenticazione errati inseriti per il tuo account',
      mail: '{brand} ha rifiutato {refused} codici di autenticazione o di recupero errati per il tuo account {account} in {minutes} minuti, quindi nessun codice viene accettato fino al {until}. La tua app di autenticazione non è stata compromessa, ma chi ha inserito i codici potrebbe conoscere la tua password. Se non sei stato tu, cambia la password di accesso reimpostandola con «Password dimenticata»: questo disconnette tutti i dispositivi e rimuove il blocco.',
      sms: '{brand}: rifiutati {refused} codici di autenticazione errati; nessun codice accettato fino al {until}.',
    },
  },
};
