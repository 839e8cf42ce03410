// The fixed documents as shipped, in Polish. Operators replace them with `ops document set`.
import type { DefaultDocuments } from './types.ts';

export const bl: DefaultDocuments = {
  about: {
    title: 'O nas',
    body: `Firma prowadząca tę giełdę nie opublikowała jeszcze tej strony, więc nie mówi ona jeszcze, kto ją prowadzi.

## Co operator publikuje tutaj
- **Firma**: jej nazwa prawna, miejsce rejestracji i adres.
- **Jej licencje**: każda rejestracja lub licencja, z organem i numerem (zobacz też stronę „Licencja”).
- **Jak się z nią skontaktować**: adres do pytań i reklamacji klientów.

Do tego czasu obsługa klienta jest w menu, pod „Obsługa klienta”.`,
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
