// The fixed documents as shipped, in Italian. Operators replace them with `ops document set`.
import type { DefaultDocuments } from './types.ts';

export const it: DefaultDocuments = {
  about: {
    title: 'Chi siamo',
    body: `La società che gestisce questa piattaforma non ha ancora pubblicato questa pagina, che quindi non dice ancora chi la gestisce.

## Che cosa pubblica qui il gestore
- **La società**: la denominazione legale, dove è registrata e il suo indirizzo.
- **Le sue licenze**: ogni registrazione o licenza, con l’autorità e il numero (vedi anche la pagina «Licenza»).
- **Come contattarla**: un recapito per le domande e i reclami dei clienti.

Nel frattempo, l’assistenza clienti è nel menu, alla voce «Assistenza clienti».`,
  },
  msb: {
    title: 'Licenze e registrazione',
    body: `Questa pagina elenca le registrazioni e le licenze della società che gestisce questa piattaforma di scambio, indicando per ciascuna l’autorità competente e il numero di iscrizione al registro.

Il gestore non ne ha ancora pubblicata nessuna. Finché non lo farà, questa piattaforma non dichiara alcuna registrazione né licenza.`,
  },
  sec: {
    title: 'Sicurezza',
    body: `## Il tuo account
- Le password sono conservate solo come hash unidirezionali con salt (argon2id); nessuno può leggerle, nemmeno il nostro personale.
- Una sessione termina quando esci, dopo un periodo di inattività e dopo una durata massima prestabilita (rispettivamente sette e trenta giorni, a meno che il gestore non le imposti più brevi). Cambiare o reimpostare la password chiude le tue altre sessioni.
- Cinque password errate in quindici minuti bloccano l’account per un certo periodo, e lo stesso vale per cinque password di trading errate.

## Prelievi
- Un prelievo richiede la tua password di trading, distinta dalla password di accesso.
- Prima di qualsiasi invio, gli indirizzi di prelievo vengono verificati rispetto alla loro blockchain.
- L’importo e la commissione vengono congelati e un operatore esamina ogni prelievo prima che venga inviato alla blockchain. Puoi annullarlo finché è in attesa.

## Cosa puoi fare
- Imposta una password di trading che non usi da nessun’altra parte.
- Controlla l’indirizzo prima di confermare un prelievo.
- Non ti chiediamo mai la password o un codice di verifica via email, messaggio o telefono.`,
  },
};
