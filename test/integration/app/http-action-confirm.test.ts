/**
 * A publisher's http button aimed at the user's own network, pressed in a popup of the built main bundle on the
 * Electron test runtime: a popup cannot ask, so nothing is sent from it; the window opens on the message with the
 * confirmation (method and host) shown, and its Confirm sends the request once. The target is a second listener on
 * 127.0.0.1 (another port than the subscription's server: another origin, so the "own server" exception does not
 * apply).
 */
import { describe, expect, it } from 'vitest';
import { APP_TEST_TIMEOUT_MS } from '../../electron-runtime/app-session.ts';
import { startPublisherHost } from '../../server/publisher-host.ts';
import { firstShownMessage, recordShownMessages, waitForPageText } from '../../support/app-page.ts';
import { registerAppTestHooks } from '../../support/app-test-hooks.ts';

const { startServer, launchSubscribed, cleanUpAfterTest } = registerAppTestHooks();

interface ClickablePage {
  readonly document: {
    querySelectorAll(selector: string): ArrayLike<{ readonly textContent: string | null; click(): void }>;
  };
}

describe('an http action to this computer or its network, pressed in a popup', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  it('opens the window on the message with the confirmation instead of sending; Confirm sends it once', async () => {
    const server = await startServer();
    const lan = await startPublisherHost();
    cleanUpAfterTest(() => lan.close());
    lan.respond('/restart', { status: 200 });
    const target = new URL(lan.url).host;
    const app = await launchSubscribed(server, 'router');
    await recordShownMessages(app);

    const published = await server.publish('router', {
      message: 'the router wants a restart',
      actions: [{ action: 'http', label: 'Restart', url: `${lan.url}/restart`, method: 'PUT', body: 'now' }],
    });
    await waitForPageText(app, 'the router wants a restart');
    const [popup] = (await app.records()).notifications;
    expect(popup?.options['actions']).toEqual([{ type: 'button', text: `Restart (PUT ${target})` }]);

    expect(await app.closeWindow()).toBe(false);
    await app.clickNotification(0, 0);
    expect(await firstShownMessage(app)).toEqual({ server: server.url, id: published.id, confirmAction: 0 });
    await waitForPageText(app, `Send PUT to ${target}? This address is on your own network.`);
    expect((await app.records()).windows.map((window) => window.visible)).toEqual([true]);
    expect(lan.requests).toEqual([]);

    await app.evaluate((label) => {
      const buttons = Array.from((globalThis as unknown as ClickablePage).document.querySelectorAll('button'));
      const confirm = buttons.find((button) => button.textContent === label);
      if (confirm === undefined) throw new Error(`no button ${label}`);
      confirm.click();
    }, 'Confirm');
    await waitForPageText(app, `PUT ${target} done: the server answered HTTP 200`);
    expect(lan.requests.map((request) => [request.method, request.path, request.body])).toEqual([
      ['PUT', '/restart', 'now'],
    ]);
    expect((await app.records()).errors).toEqual([]);
  });
});
