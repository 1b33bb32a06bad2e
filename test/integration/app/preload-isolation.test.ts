/**
 * The preload in a world of its own, as contextIsolation gives it in Electron (test/electron-runtime/preload-world.ts):
 * the page reaches main only through the frozen window.ntfy, never through the binding the preload's ipcRenderer
 * uses; what the page replaces in its own world does not change the preload's; a function in an argument is
 * refused as Electron refuses it ("could not be cloned"), and an object of a class crosses as a plain copy.
 */
import { describe, expect, it } from 'vitest';
import { APP_TEST_TIMEOUT_MS } from '../../electron-runtime/app-session.ts';
import type { PageGlobals } from '../../electron-runtime/page-globals.ts';
import { INVOKE_BINDING } from '../../electron-runtime/preload-script.ts';
import { registerAppTestHooks, sharedApp } from '../../support/app-test-hooks.ts';

registerAppTestHooks();

type Page = PageGlobals & Record<string, unknown> & { JSON: { stringify: unknown; parse: unknown } };

describe('the preload in its own world', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  // One launch for both: each asks the page's bridge something else of the same start; the first puts back what it
  // breaks in the page, and the second's list holds only what it saved itself.
  const shared = sharedApp();

  it('gives the page window.ntfy only: no invoke binding, a frozen API, built-ins of its own', async () => {
    const app = await shared.app();
    await app.waitForWindow();

    const seen = await app.evaluate(async (binding) => {
      const page = globalThis as unknown as Page;
      const ipcLike = Object.getOwnPropertyNames(globalThis).filter((name) => /invoke|ipc|electron/i.test(name));
      const frozen = Object.isFrozen(page.ntfy);
      try {
        (page.ntfy as unknown as Record<string, unknown>)['listSubscriptions'] = () => 'the page';
      } catch {
        // strict code throws; either way the API stays as it was
      }
      const replaced = page.ntfy.listSubscriptions.toString().includes('the page');
      // The page breaks its own JSON and Array: the preload, in its own world, goes on with the originals.
      const { stringify, parse } = page.JSON;
      page.JSON.stringify = () => {
        throw new Error('JSON.stringify of the page');
      };
      page.JSON.parse = () => {
        throw new Error('JSON.parse of the page');
      };
      const map = Array.prototype.map;
      Array.prototype.map = () => {
        throw new Error('Array.prototype.map of the page');
      };
      try {
        const answer = await page.ntfy.listSubscriptions();
        return { binding: typeof page[binding], ipcLike, frozen, replaced, answeredOk: answer.ok };
      } finally {
        Array.prototype.map = map;
        page.JSON.stringify = stringify;
        page.JSON.parse = parse;
      }
    }, INVOKE_BINDING);

    // (The renderer's own scripts may trip over the replaced built-ins meanwhile: that is the page's world.)
    expect(seen).toEqual({ binding: 'undefined', ipcLike: [], frozen: true, replaced: false, answeredOk: true });
  });

  it('refuses a function in an argument as Electron does, and copies an object of a class as plain data', async () => {
    const server = 'http://127.0.0.1:9';
    const app = await shared.app();
    await app.waitForWindow();

    const refused = await app.evaluate(async (url) => {
      const ntfy = (globalThis as unknown as PageGlobals).ntfy;
      const save = ntfy.saveSubscription as unknown as (input: unknown) => Promise<{ ok: boolean }>;
      try {
        await save({ server: url, topic: 'alerts', onSaved: () => 'a function' });
        return 'sent';
      } catch (error) {
        return String(error);
      }
    }, server);
    expect(refused).toMatch(/^Error: Error invoking remote method '[^']+': DataCloneError: .*could not be cloned/);

    const saved = await app.evaluate(async (url) => {
      class Input {
        readonly server = url;
        readonly topic = 'alerts';
        describe(): string {
          return `${this.server}/${this.topic}`;
        }
      }
      const ntfy = (globalThis as unknown as PageGlobals).ntfy;
      const save = ntfy.saveSubscription as unknown as (input: unknown) => Promise<{ ok: boolean }>;
      const answer = await save(new Input());
      const list = await ntfy.listSubscriptions();
      return { saved: answer.ok, topics: list.ok ? list.value.map((entry) => entry.topic) : [] };
    }, server);
    expect(saved).toEqual({ saved: true, topics: ['alerts'] });
  });
});
