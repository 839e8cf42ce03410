// Security notices in Polish (the product's `bl`). Placeholders in braces are filled in by notices.ts.
import type { NoticeLanguage } from './types.ts';

const notYou = 'Jeśli to nie Ty, natychmiast zmień hasło i skontaktuj się z pomocą techniczną.';
const paused = 'Wypłaty są przez pewien czas wstrzymane.';

export const bl: NoticeLanguage = {
  kinds: {
    new_device_login: {
      subject: '{brand}: logowanie z nowego urządzenia',
      mail: `Na Twoje konto {brand} {account} zalogowano się z nowego urządzenia {at}: {device}, adres {ip}. ${notYou}`,
      sms: '{brand}: logowanie z nowego urządzenia ({device}, {ip}).',
    },
    password_changed: {
      subject: '{brand}: zmieniono Twoje hasło logowania',
      mail: `Hasło logowania Twojego konta {brand} {account} zostało zmienione {at}. Inne urządzenia zostały wylogowane. ${paused} ${notYou}`,
      sms: '{brand}: zmieniono Twoje hasło logowania.',
    },
    trade_password_changed: {
      subject: '{brand}: zmieniono Twoje hasło transakcyjne',
      mail: `Hasło transakcyjne Twojego konta {brand} {account} zostało zmienione {at}. ${paused} ${notYou}`,
      sms: '{brand}: zmieniono Twoje hasło transakcyjne.',
    },
    totp_bound: {
      subject: '{brand}: włączono aplikację uwierzytelniającą',
      mail: `Do Twojego konta {brand} {account} powiązano aplikację uwierzytelniającą {at}. ${notYou}`,
      sms: '{brand}: do Twojego konta powiązano aplikację uwierzytelniającą.',
    },
    totp_unbound: {
      subject: '{brand}: wyłączono aplikację uwierzytelniającą',
      mail: `Aplikacja uwierzytelniająca Twojego konta {brand} {account} została odłączona {at}. ${paused} ${notYou}`,
      sms: '{brand}: odłączono Twoją aplikację uwierzytelniającą.',
    },
    passkey_added: {
      subject: '{brand}: dodano klucz dostępu',
      mail: `Do Twojego konta {brand} {account} dodano klucz dostępu o nazwie „{name}” {at}. ${notYou}`,
      sms: '{brand}: dodano klucz dostępu „{name}”.',
    },
    passkey_removed: {
      subject: '{brand}: usunięto klucz dostępu',
      mail: `Klucz dostępu o nazwie „{name}” został usunięty z Twojego konta {brand} {account} {at}. ${paused} ${notYou}`,
      sms: '{brand}: usunięto klucz dostępu „{name}”.',
    },
    api_key_created: {
      subject: '{brand}: utworzono klucz API',
      mail: `Na Twoim koncie {brand} {account} utworzono klucz API o nazwie „{name}” {at}. ${notYou}`,
      sms: '{brand}: utworzono klucz API „{name}”.',
    },
    api_key_deleted: {
      subject: '{brand}: usunięto klucz API',
      mail: 'Klucz API o nazwie „{name}” został usunięty z Twojego konta {brand} {account} {at}: programy, które go używają, nie mogą już wywoływać.',
      sms: '{brand}: usunięto klucz API „{name}”.',
    },
    phone_bound: {
      subject: '{brand}: zmieniono numer telefonu',
      mail: `Numer telefonu {phone} został powiązany z Twoim kontem {brand} {account} {at}. ${paused} ${notYou}`,
      sms: '{brand}: telefon {phone} został powiązany z Twoim kontem.',
    },
    address_added: {
      subject: '{brand}: nowy adres wypłat',
      mail: `Do Twojego konta {brand} {account} dodano adres wypłat {asset} w sieci {chain}: {address}. Będzie mógł przyjmować wypłaty od {usableFrom}. ${notYou}`,
      sms: '{brand}: nowy adres wypłat {asset} {address}.',
    },
    withdrawal_requested: {
      subject: '{brand}: zlecono wypłatę',
      mail: `Z Twojego konta {brand} {account} zlecono {at} wypłatę {amount} {asset} na adres {address}. ${notYou}`,
      sms: '{brand}: zlecono wypłatę {amount} {asset}.',
    },
    recovery_code_used: {
      subject: '{brand}: użyto kodu odzyskiwania',
      mail: `Kod odzyskiwania Twojego konta {brand} {account} został użyty {at}; pozostało {left}. ${paused} ${notYou}`,
      sms: '{brand}: użyto kodu odzyskiwania; pozostało {left}.',
    },
    anti_phishing_set: {
      subject: '{brand}: ustawiono kod antyphishingowy',
      mail: `Kod antyphishingowy Twojego konta {brand} {account} został ustawiony {at}. Każdy e-mail od {brand} będzie go zawierał; e-mail bez niego nie pochodzi od nas. ${notYou}`,
      sms: '{brand}: ustawiono Twój kod antyphishingowy.',
    },
    whitelist_disabled: {
      subject: '{brand}: wyłączono tryb białej listy',
      mail: `Tryb białej listy Twojego konta {brand} {account} został wyłączony {at}: wypłaty mogą trafiać na dowolny adres. ${paused} ${notYou}`,
      sms: '{brand}: wyłączono tryb białej listy.',
    },
    login_guesses_blocked: {
      subject: '{brand}: wpisano błędne hasła do Twojego konta',
      mail: 'Odrzucono błędne hasła logowania do Twojego konta {brand} {account}: {refused} w ciągu {minutes} min. Do {until} logowanie jest zablokowane, z wyjątkiem sieci, z których już logowano się na to konto; zalogowane urządzenia pozostają zalogowane. Twoje hasło nie zostało ujawnione. Jeśli to nie Ty, nic nie trzeba robić, choć najlepsze jest silne hasło, którego nie używasz nigdzie indziej. Aby zalogować się wcześniej z innego miejsca, zresetuj hasło przez „Nie pamiętam hasła”: to również znosi blokadę.',
      sms: '{brand}: odrzucono błędne hasła logowania ({refused}); logowanie z nowych sieci zablokowane do {until}.',
    },
    trade_guesses_blocked: {
      subject: '{brand}: wpisano błędne hasła transakcyjne do Twojego konta',
      mail: 'Odrzucono błędne hasła transakcyjne do Twojego konta {brand} {account}: {refused} w ciągu {minutes} min, dlatego wypłaty są zablokowane do {until}. Twoje hasło transakcyjne nie zostało ujawnione. Hasło transakcyjne może wpisać tylko osoba zalogowana na Twoje konto. Jeśli to nie Ty, natychmiast zmień hasło logowania, co wyloguje wszystkie inne urządzenia, i ustaw nowe hasło transakcyjne kodem, który do Ciebie wyślemy: to również znosi blokadę.',
      sms: '{brand}: odrzucono błędne hasła transakcyjne ({refused}); wypłaty zablokowane do {until}.',
    },
    totp_guesses_blocked: {
      subject: '{brand}: wpisano błędne kody uwierzytelniające do Twojego konta',
      mail: 'Odrzucono błędne kody uwierzytelniające lub kody odzyskiwania do Twojego konta {brand} {account}: {refused} w ciągu {minutes} min, dlatego do {until} żadne kody nie są przyjmowane. Twoja aplikacja uwierzytelniająca nie została przejęta, ale osoba, która wpisała kody, może znać Twoje hasło. Jeśli to nie Ty, zmień hasło logowania, resetując je przez „Nie pamiętam hasła”: to wyloguje wszystkie urządzenia i zniesie blokadę.',
      sms: '{brand}: odrzucono błędne kody uwierzytelniające ({refused}); kody nie są przyjmowane do {until}.',
    },
  },
};
