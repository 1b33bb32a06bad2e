import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { findBridge } from './bridge.ts';
import { activeLanguage, activeLocale, setLocale } from '../common/i18n/translate.ts';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

// The window speaks the user's language: in Electron navigator.languages follows the OS (app.getLocale()), in the
// browser tests the Playwright context's locale. Chosen before the first render and never changed after.
setLocale(navigator.languages);
// Screen readers pick their voice from it (index.html's lang="en" is only the default); it names the text's
// language, so a French locale, which gets English text, is "en".
document.documentElement.lang = documentLanguage();

function documentLanguage(): string {
  const language = activeLanguage() === 'pseudo' ? 'en' : activeLanguage();
  const locale = activeLocale();
  return locale.toLowerCase().startsWith(language) ? locale : language;
}

createRoot(container).render(
  <StrictMode>
    <App bridge={findBridge(window)} />
  </StrictMode>,
);
