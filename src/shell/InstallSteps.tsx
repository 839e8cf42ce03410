// How to add the app to the home screen by hand, where the browser offers no install prompt: iOS
// Safari (its share sheet) or another browser (its menu).
import { useTranslation } from '../i18n/use-translation.ts';
import { installStepsFor } from '../pwa/install-state.ts';
import { BottomSheet } from '../ui/BottomSheet.tsx';

export function InstallSteps(props: { onClose(): void }) {
  const { t } = useTranslation();
  const ios = installStepsFor(navigator.userAgent, navigator.maxTouchPoints) === 'ios';
  const steps = ios
    ? [t('menu.installIos1'), t('menu.installIos2'), t('menu.installIos3')]
    : [t('menu.installBrowser1'), t('menu.installBrowser2'), t('menu.installBrowser3')];
  return (
    <BottomSheet title={t('menu.installTitle')} onClose={props.onClose} testId="install-steps">
      {/* The short hint names the browser menu, which is not where Safari keeps it. */}
      {!ios && <p className="install-steps__intro">{t('menu.installHint')}</p>}
      <ol className="install-steps">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <button type="button" className="button button--block" onClick={props.onClose}>
        {t('menu.installDone')}
      </button>
    </BottomSheet>
  );
}
