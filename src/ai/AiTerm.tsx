// A fixed-term product's term among its facts, in words and in the language's plural ("1 day",
// "30 days", "5 dni"). It is text, not a figure: a figure's left-to-right span would put a Hebrew
// term's number on the wrong side of its word.
import { useTranslation } from '../i18n/use-translation.ts';

export function AiTerm(props: { days: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <dt>{t('ai.term')}</dt>
      <dd data-testid={props.testId}>{t('ai.termDays', { count: props.days })}</dd>
    </div>
  );
}
