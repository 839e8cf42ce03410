// The fixed documents as shipped, in German. Operators replace them with `ops document set`.
import type { DefaultDocuments } from './types.ts';

export const de: DefaultDocuments = {
  about: {
    title: 'Über uns',
    body: `Das Unternehmen, das diese Börse betreibt, hat diese Seite noch nicht veröffentlicht; sie sagt daher noch nicht, wer sie betreibt.

## Was der Betreiber hier veröffentlicht
- **Das Unternehmen**: seinen rechtlichen Namen, wo es eingetragen ist, und seine Anschrift.
- **Seine Lizenzen**: jede Registrierung oder Lizenz, mit Behörde und Nummer (siehe auch die Seite „Lizenz“).
- **Wie man es erreicht**: eine Adresse für Fragen und Beschwerden von Kunden.

Bis dahin finden Sie den Kundenservice im Menü unter „Kundenservice“.`,
  },
  msb: {
    title: 'Lizenzen und Registrierung',
    body: `Auf dieser Seite sind die Registrierungen und Lizenzen des Unternehmens aufgeführt, das diese Börse betreibt, jeweils mit der zuständigen Behörde und der Registernummer.

Der Betreiber hat bisher keine veröffentlicht. Solange er das nicht tut, nimmt diese Börse keine Registrierung und keine Lizenz für sich in Anspruch.`,
  },
  sec: {
    title: 'Sicherheit',
    body: `## Ihr Konto
- Passwörter werden ausschließlich als gesalzene Einweg-Hashes (argon2id) gespeichert; niemand kann sie lesen, auch nicht unsere Mitarbeiter.
- Eine Sitzung endet, wenn Sie sich abmelden, nach einer Zeit ohne Nutzung und nach einer festen Höchstdauer (sieben bzw. dreißig Tage, sofern der Betreiber keine kürzeren Zeiten festlegt). Wenn Sie Ihr Passwort ändern oder zurücksetzen, werden Ihre anderen Sitzungen beendet.
- Fünf falsche Passwörter innerhalb von fünfzehn Minuten sperren das Konto für eine gewisse Zeit, ebenso fünf falsche Handelspasswörter.

## Auszahlungen
- Für eine Auszahlung ist Ihr Handelspasswort erforderlich, das von Ihrem Anmeldepasswort getrennt ist.
- Auszahlungsadressen werden vor jedem Versand darauf geprüft, ob sie zu ihrer Blockchain passen.
- Betrag und Gebühr werden eingefroren, und ein Betreiber prüft jede Auszahlung, bevor sie an die Blockchain geht. Solange sie wartet, können Sie sie stornieren.

## Was Sie tun können
- Legen Sie ein Handelspasswort fest, das Sie nirgendwo sonst verwenden.
- Prüfen Sie die Adresse, bevor Sie eine Auszahlung bestätigen.
- Wir fragen nie per E-Mail, Nachricht oder Telefon nach Ihrem Passwort oder einem Bestätigungscode.`,
  },
};
