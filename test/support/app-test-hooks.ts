/**
 * The setup every app test file (test/integration/app/*.test.ts) shares: the main bundle built before the file's
 * tests, and after each test the launched apps killed, their temporary folder removed, then the test servers and
 * whatever else the test registered (a private bus, a notification server) closed, the last registered first.
 * Call registerAppTestHooks() once at the top level of the test file (it registers vitest hooks).
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type AppSession, createAppSession } from '../electron-runtime/app-session.ts';
import { ensureDistBuilt } from '../electron-runtime/ensure-dist.ts';
import type { LaunchAppOptions, LaunchedApp } from '../electron-runtime/launch-app.ts';
import { startTestServer, type TestServer, type TestServerOptions } from '../server/index.ts';
import { subscribeInApp } from './app-page.ts';

/** How long building dist may take (ms): main, preload and the renderer, on two cores shared with other tests. */
const BUILD_TIMEOUT_MS = 120_000;

export interface AppTestHooks {
  readonly session: AppSession;
  /** Runs `cleanUp` after the current test, once its apps are gone (they may still hold its bus or server). */
  readonly cleanUpAfterTest: (cleanUp: () => Promise<void>) => void;
  /** test/server on 127.0.0.1, closed after the test. */
  readonly startServer: (options?: TestServerOptions) => Promise<TestServer>;
  /**
   * Launches the app (session.launch), waits for its window, saves a subscription to `topic` through the page's
   * bridge as the settings view does, and resolves once `server` sees the app's subscriber.
   */
  readonly launchSubscribed: (
    server: TestServer,
    topic: string,
    options?: Partial<LaunchAppOptions>,
  ) => Promise<LaunchedApp>;
}

export function registerAppTestHooks(): AppTestHooks {
  const session = createAppSession();
  const cleanUps: (() => Promise<void>)[] = [];
  const cleanUpAfterTest = (cleanUp: () => Promise<void>) => {
    cleanUps.push(cleanUp);
  };

  beforeAll(async () => {
    await ensureDistBuilt();
  }, BUILD_TIMEOUT_MS);

  afterEach(async () => {
    await session.cleanUp();
    for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
  });

  return {
    session,
    cleanUpAfterTest,
    startServer: async (options = {}) => {
      const server = await startTestServer(options);
      cleanUpAfterTest(() => server.close());
      return server;
    },
    launchSubscribed: async (server, topic, options = {}) => {
      const app = await session.launch(options);
      await app.waitForWindow();
      await subscribeInApp(app, server.url, topic);
      await server.waitForSubscribers(1, { topic });
      return app;
    },
  };
}

/**
 * One app for several tests of a file that look at different things of the same start (no fresh profile, quit,
 * failed start or other environment): launched at the first `app()`, with the options `prepare` makes in the
 * launch's own temporary folder, and killed after the calling describe (or file). Its tests run in order and see
 * what the earlier ones changed.
 */
export function sharedApp(prepare: (dir: string) => Promise<Partial<LaunchAppOptions>> = () => Promise.resolve({})): {
  readonly app: () => Promise<LaunchedApp>;
  readonly dir: () => Promise<string>;
} {
  const session = createAppSession();
  let launched: Promise<LaunchedApp> | undefined;
  afterAll(async () => {
    await session.cleanUp();
  });
  return {
    app: () => {
      launched ??= session.dir().then(async (dir) => {
        const app = await session.launch(await prepare(dir));
        await app.waitForWindow();
        return app;
      });
      return launched;
    },
    dir: () => session.dir(),
  };
}
