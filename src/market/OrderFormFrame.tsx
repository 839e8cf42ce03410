// The frame of a book-traded order form: submitting it sends the order (or, signed out, goes to
// the login page, alike for every product; while one is on its way, nothing), the fields it is
// given, the submit button in the colour of the order's side with what it would do (or the trade
// pages' shared words, `trade.*`, signed out or while sending), and what became of the last order.
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useSession } from '../app/session.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';

export function OrderFormFrame(props: {
  className: string;
  /** An order is being checked or sent. */
  busy: boolean;
  onSubmit(): void;
  button: {
    testId: string;
    /** The side the order takes (`buy`, `short`): the button's colour. */
    side: string;
    disabled: boolean;
    /** What submitting does now, signed in. */
    label: string;
  };
  /** What became of the last order, under the button. */
  outcome: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const signedIn = useSession().token !== null;
  const navigate = useNavigate();
  const { button } = props;
  return (
    <form
      className={`trade-form ${props.className}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!signedIn) void navigate({ to: routes.login.path });
        else if (!props.busy) props.onSubmit();
      }}
    >
      {props.children}
      <button
        type="submit"
        className={`button button--block side-button side-button--${button.side}`}
        data-testid={button.testId}
        disabled={props.busy || button.disabled}
      >
        {!signedIn ? t('trade.loginToTrade') : props.busy ? t('trade.sending') : button.label}
      </button>
      {props.outcome}
    </form>
  );
}
