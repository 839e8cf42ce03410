// Entry of the web app: applies the stored language and theme to <html>, then renders.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { applyDocumentSettings } from './document-settings.ts';
import './styles.css';

applyDocumentSettings(document.documentElement, window.localStorage);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
