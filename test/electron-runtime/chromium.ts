/**
 * Headless Chromium standing for Electron's renderer processes: one browser per app process, started on the first
 * window, whose one context is the default session.
 */
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { chromiumArgs, chromiumExecutablePath } from '../support/chromium.ts';
import { chromiumAppLocale } from './os-locale.ts';
import { blockPopupDocuments } from './page-navigation.ts';

export interface ChromiumSession {
  readonly browser: Browser;
  readonly context: BrowserContext;
}

export interface ChromiumLauncher {
  session(): Promise<ChromiumSession>;
  close(): Promise<void>;
}

function chromiumEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && name !== 'DBUS_SESSION_BUS_ADDRESS') env[name] = value;
  }
  return env;
}

export function createChromiumLauncher(): ChromiumLauncher {
  let started: Promise<ChromiumSession> | undefined;
  return {
    session() {
      started ??= (async () => {
        const browser = await chromium.launch({
          executablePath: chromiumExecutablePath,
          headless: true,
          // No --allow-file-access-from-files: the app's page comes from its app:// scheme (custom-protocol.ts), and
          // a file:// page gets no more than in an Electron whose file: privileges fuse is off.
          args: [...chromiumArgs],
          // Signals end the app process as they end Electron; Playwright's own handlers would keep it alive.
          handleSIGTERM: false,
          handleSIGINT: false,
          handleSIGHUP: false,
          // Chromium talks to the session bus too: it must not queue behind (or hang on) the bus a test gives the app.
          env: chromiumEnv(),
        });
        // The pages speak the app's language: Electron gives its renderers the app locale (navigator.languages).
        // A position to give when the app lets a page have one (page-permissions.ts): a granted request answers
        // at once instead of waiting for a location service this machine does not have.
        const geolocation = { latitude: 0, longitude: 0 };
        await blockPopupDocuments(browser);
        return { browser, context: await browser.newContext({ locale: chromiumAppLocale(process.env), geolocation }) };
      })();
      return started;
    },
    async close() {
      if (started === undefined) return;
      const { browser } = await started;
      await browser.close();
    },
  };
}
