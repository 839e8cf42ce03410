// Above a market list: the search field, the "Simulated market" badge and the connection's state.
import { useTranslation } from '../i18n/use-translation.ts';
import { ConnectionBadge } from './ConnectionBadge.tsx';
import { SimulatedBadge } from './SimulatedBadge.tsx';

export function MarketToolbar(props: {
  query: string;
  onQuery(query: string): void;
  simulated: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="market-toolbar">
      <input
        className="field__input market-toolbar__search"
        type="search"
        name="market-search"
        inputMode="search"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder={t('market.searchPlaceholder')}
        aria-label={t('market.search')}
        value={props.query}
        onChange={(event) => props.onQuery(event.target.value)}
      />
      <div className="badges">
        <SimulatedBadge show={props.simulated} />
        <ConnectionBadge />
      </div>
    </div>
  );
}
