// The API key form's own fields besides its codes: the permissions, ticked (reading always on,
// and a plain line that no key can withdraw), and the IP allowlist, typed one entry a line or
// separated by commas. Each says its problem under it, as src/ui/TextField.tsx does.
import { useTranslation } from '../i18n/use-translation.ts';
import { describedBy, FieldProblem } from '../ui/FieldProblem.tsx';
import { alwaysOnScope } from './api-key-form-rules.ts';
import { useScopeName } from './api-key-scope-names.ts';

export function ScopeChoices(props: {
  /** The scopes the server offers, in its order. */
  offered: readonly string[];
  ticked: ReadonlySet<string>;
  onTick(scope: string, on: boolean): void;
  problem: string | null;
}) {
  const { t } = useTranslation();
  const scopeName = useScopeName('long');
  const id = 'security-scopes';
  return (
    <fieldset
      className="field api-key-scopes"
      aria-describedby={describedBy(id, { hint: true, problem: props.problem })}
    >
      <legend className="field__label">{t('security.apiKeys.scopes')}</legend>
      {props.offered.map((scope) => {
        const always = scope === alwaysOnScope;
        return (
          <label key={scope} className="security-check">
            <input
              type="checkbox"
              name="scopes"
              value={scope}
              checked={always || props.ticked.has(scope)}
              disabled={always}
              data-testid={`api-key-scope-${scope}`}
              onChange={(event) => props.onTick(scope, event.target.checked)}
            />
            {scopeName(scope)}
          </label>
        );
      })}
      <span className="field__hint" id={`${id}-hint`} data-testid="api-key-no-withdrawals">
        {t('security.apiKeys.noWithdrawals')}
      </span>
      <FieldProblem id={`${id}-problem`} text={props.problem} />
    </fieldset>
  );
}

export function AllowlistField(props: {
  value: string;
  onChange(value: string): void;
  problem: string | null;
  max: number;
}) {
  const { t } = useTranslation();
  const id = 'security-ip_allowlist';
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('security.apiKeys.allowlist')}
      </label>
      <textarea
        id={id}
        name="ip_allowlist"
        className="field__input api-key-allowlist"
        dir="ltr"
        rows={3}
        autoCapitalize="off"
        autoComplete="off"
        spellCheck={false}
        value={props.value}
        aria-invalid={props.problem !== null}
        aria-describedby={describedBy(id, { hint: true, problem: props.problem })}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <span className="field__hint" id={`${id}-hint`}>
        {t('security.apiKeys.allowlistHint', { max: props.max })}
      </span>
      <FieldProblem id={`${id}-problem`} text={props.problem} />
    </div>
  );
}
