// The side menu's "Download app": the browser's install prompt where it offers one, the steps to
// add the app to the home screen where it does not, a mark once installed, nothing inside the
// installed app itself.
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { installPrompt } from '../pwa/install-prompt.ts';
import { useInstallState } from '../pwa/use-install-state.ts';
import { InstallSteps } from './InstallSteps.tsx';
import { MenuEntryFace } from './MenuEntryFace.tsx';

export function InstallEntry() {
  const { t } = useTranslation();
  const toast = useNotify();
  const state = useInstallState();
  const [stepsOpen, setStepsOpen] = useState(false);
  if (state === 'standalone') return null;

  const install = async () => {
    if (state === 'installed') toast(t('menu.installedHint'));
    else if (!(await installPrompt.prompt())) setStepsOpen(true);
  };
  return (
    <li>
      <button
        type="button"
        className="menu-entry"
        data-testid="menu-install"
        data-install={state}
        onClick={() => void install()}
      >
        <MenuEntryFace
          icon="download"
          label={t('menu.download')}
          after={state === 'installed' && <span className="badge">{t('menu.installed')}</span>}
        />
      </button>
      {/* Over the menu, outside its scrolling panel. */}
      {stepsOpen &&
        createPortal(<InstallSteps onClose={() => setStepsOpen(false)} />, document.body)}
    </li>
  );
}
