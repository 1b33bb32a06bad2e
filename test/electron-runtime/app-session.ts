/**
 * Per-test bookkeeping for app tests: a temporary folder, the apps launched in it (killed at clean-up if a test
 * left them running) and launches that share one user data folder (restart tests).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { launchApp, type LaunchAppOptions, type LaunchedApp } from './launch-app.ts';

/**
 * Per-test limit for app tests (ms): one test starts Chromium and the app, often twice; alone that is 4–10 s, but
 * `npm test` runs every test file at once on two cores.
 */
export const APP_TEST_TIMEOUT_MS = 90_000;

export interface AppSession {
  /** The session's temporary folder (created on first use). */
  dir(): Promise<string>;
  /** Launches with `<dir>/user-data` unless options say otherwise. */
  launch(options?: Partial<LaunchAppOptions>): Promise<LaunchedApp>;
  cleanUp(): Promise<void>;
}

export function createAppSession(): AppSession {
  let tempDir: string | undefined;
  const launched: LaunchedApp[] = [];
  const dir = async (): Promise<string> => {
    tempDir ??= await mkdtemp(path.join(os.tmpdir(), 'ntfy-tray-app-'));
    return tempDir;
  };
  return {
    dir,
    async launch(options = {}) {
      const app = await launchApp({ userDataDir: path.join(await dir(), 'user-data'), ...options });
      launched.push(app);
      return app;
    },
    async cleanUp() {
      await Promise.all(launched.splice(0).map((app) => app.kill()));
      if (tempDir !== undefined) await rm(tempDir, { recursive: true, force: true });
      tempDir = undefined;
    },
  };
}
