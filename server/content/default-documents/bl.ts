// The fixed documents as shipped, in Polish. Operators replace them with `ops document set`.
import type { DefaultDocuments } from './types.ts';

export const bl: DefaultDocuments = {
  about: {
    title: 'O nas',
    body: `Meridian to giełda aktywów cyfrowych: dziś handel spot, a w dalszej kolejności kontrakty wieczyste, kontrakty krótkoterminowe, subskrypcje w przedsprzedaży i produkty o stałym terminie.

## Jak powstają ceny
Każda cena pochodzi ze źródła danych o określonej nazwie, a aplikacja pokazuje, z którego. Gdy źródło jest symulowane, każdy ekran pokazujący jego ceny zawiera oznaczenie „Rynek symulowany”. Rozliczenia są wyliczane na podstawie zapisanych cen indeksowych, które każdy może sprawdzić; nikt nie może ręcznie wybrać ceny ani wyniku.

## Jak przechowywane są Twoje środki
Każdy ruch środków jest zbilansowanym zapisem w księdze prowadzonej metodą podwójnego zapisu, dokonywanym razem ze zmianą, która go spowodowała. Saldo nigdy nie spada poniżej zera, a zlecenie przenoszące środki jest wykonywane najwyżej raz, niezależnie od tego, ile razy zostanie wysłane.

## Kontakt z nami
Do obsługi klienta przejdziesz z menu, wybierając „Obsługa klienta”.`,
  },
  msb: {
    title: 'Licencje i rejestracja',
    body: `Na tej stronie wymienione są rejestracje i licencje spółki prowadzącej tę giełdę, wraz z organem i numerem w rejestrze dla każdej z nich.

Operator nie opublikował jeszcze żadnych. Dopóki tego nie zrobi, ta giełda nie deklaruje żadnej rejestracji ani licencji.`,
  },
  sec: {
    title: 'Bezpieczeństwo',
    body: `## Twoje konto
- Hasła są przechowywane wyłącznie jako solone, jednokierunkowe skróty (argon2id); nikt nie może ich odczytać, nawet nasi pracownicy.
- Sesja kończy się, gdy się wylogujesz, po okresie bezczynności oraz po upływie stałego czasu ważności (odpowiednio siedem i trzydzieści dni, chyba że operator ustawi krótsze). Zmiana lub zresetowanie hasła kończy Twoje pozostałe sesje.
- Pięć błędnych haseł w ciągu piętnastu minut blokuje konto na pewien czas; podobnie pięć błędnych haseł transakcyjnych.

## Wypłaty
- Wypłata wymaga Twojego hasła transakcyjnego, odrębnego od hasła logowania.
- Przed jakąkolwiek wysyłką adresy wypłat są sprawdzane pod kątem zgodności z ich blockchainem.
- Kwota i opłata zostają zamrożone, a operator weryfikuje każdą wypłatę, zanim trafi ona do blockchainu. Możesz ją anulować, dopóki oczekuje.

## Co możesz zrobić
- Ustaw hasło transakcyjne, którego nie będziesz używać nigdzie indziej.
- Sprawdź adres, zanim potwierdzisz wypłatę.
- Nigdy nie prosimy o Twoje hasło ani kod weryfikacyjny e-mailem, w wiadomości ani telefonicznie.`,
  },
};
