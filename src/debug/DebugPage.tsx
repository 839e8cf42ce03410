// Capture and replay (route /debug, not in the menu): download this session's event log, or load
// one and replay or scrub it through the same fold the live screen uses.
import { useState } from 'react';
import { useWorker } from '../app/services.ts';
import { useNotify } from '../app/toasts.ts';
import { useView } from '../app/use-view.ts';
import { useTranslation } from '../i18n/use-translation.ts';

const speeds = [0.5, 1, 2, 4, 10];

export function DebugPage() {
  const { t } = useTranslation();
  const core = useWorker();
  const toast = useNotify();
  const view = useView('all');
  const [loaded, setLoaded] = useState(0);
  const [speed, setSpeed] = useState(1);
  const [position, setPosition] = useState(0);

  const download = async () => {
    const capture = await core.capture();
    const url = URL.createObjectURL(new Blob([capture], { type: 'application/x-ndjson' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `meridian-capture-${new Date().toISOString()}.ndjson`;
    link.click();
    URL.revokeObjectURL(url);
  };

  const load = async (file: File | undefined) => {
    if (!file) return;
    const result = await core.loadCapture(await file.text());
    if (result.ok) {
      setLoaded(result.events);
      toast(t('debug.loaded', { count: result.events }), 'success');
    } else toast(t('debug.badLine', { line: result.line }), 'error');
  };

  return (
    <div className="debug">
      <p>{t('debug.intro')}</p>
      <button type="button" className="button" onClick={() => void download()}>
        {t('debug.capture')}
      </button>
      <label className="field">
        <span className="field__label">{t('debug.load')}</span>
        <input
          type="file"
          accept=".ndjson,application/x-ndjson"
          onChange={(e) => void load(e.target.files?.[0])}
        />
      </label>
      {loaded > 0 && (
        <>
          <label className="field">
            <span className="field__label">{t('debug.speed')}</span>
            <select
              className="field__input"
              value={speed}
              onChange={(e) => setSpeed(Number(e.target.value))}
            >
              {speeds.map((s) => (
                <option key={s} value={s}>
                  {s}×
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="button" onClick={() => void core.replay(speed)}>
            {t('debug.replay')}
          </button>
          <label className="field">
            <span className="field__label">
              {t('debug.scrub')} {position} / {loaded}
            </span>
            <input
              type="range"
              min={0}
              max={loaded}
              value={position}
              onChange={(e) => {
                const seq = Number(e.target.value);
                setPosition(seq);
                void core.scrub(seq);
              }}
            />
          </label>
          <button type="button" className="button button--ghost" onClick={() => void core.live()}>
            {t('debug.live')}
          </button>
        </>
      )}
      <pre className="debug__view">{JSON.stringify(view, null, 2)}</pre>
    </div>
  );
}
