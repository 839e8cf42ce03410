// One row of the security center: what it protects with, whether it is set, what is set (masked),
// and the button that changes it (or a switch in its place).
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';

export function SecurityRow(props: {
  /** Names the row's test ids: `safe-<id>` its state, `safe-<id>-action` its button. */
  id: string;
  label: string;
  set: boolean;
  /** The state's words, when "Set" and "Not set" are not the right ones. */
  state?: string;
  /** What is set, masked: read left to right in every language. */
  detail?: string | null;
  /** A line of words under the label. */
  note?: string;
  action?: { label: string; onClick(): void };
  /** In the action's place: a control of its own (a switch), named by the label's id. */
  control?: ReactNode;
  labelId?: string;
}) {
  const { t } = useTranslation();
  return (
    <li className="security-row">
      <div className="security-row__text">
        <span className="security-row__label" id={props.labelId}>
          {props.label}
        </span>
        {props.detail && (
          <span className="security-row__detail">
            <span dir="ltr">{props.detail}</span>
          </span>
        )}
        {props.note && <span className="security-row__detail">{props.note}</span>}
      </div>
      <span
        className={`security-row__state security-row__state--${props.set ? 'set' : 'unset'}`}
        data-testid={`safe-${props.id}`}
        data-state={props.set ? 'set' : 'unset'}
      >
        {props.state ?? t(props.set ? 'account.safe.set' : 'account.safe.unset')}
      </span>
      {props.control}
      {props.action && (
        <button
          type="button"
          className="button button--ghost"
          data-testid={`safe-${props.id}-action`}
          onClick={props.action.onClick}
        >
          {props.action.label}
        </button>
      )}
    </li>
  );
}
