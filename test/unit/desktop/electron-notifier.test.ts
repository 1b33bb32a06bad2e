import { describe, expect, it } from 'vitest';
import type { NotificationClosedReason, NotifierShowRequest } from '../../../main/core/ports.ts';
import {
  ElectronNotifier,
  MAX_BODY_LENGTH,
  MAX_RETAINED_NOTIFICATIONS,
  MAX_TITLE_LENGTH,
  prepareWindowsToasts,
  TOAST_ACTIVATOR_CLSID,
} from '../../../main/desktop/electron-notifier.ts';
import { createFakeElectron, type FakeElectron, type FakeNotification } from '../../fakes/electron.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';

function request(overrides: Partial<NotifierShowRequest> = {}): NotifierShowRequest {
  return {
    id: 'https://ntfy.example|m1',
    title: 'Backup finished',
    body: 'All 3 volumes are safe.',
    urgency: 'normal',
    silent: false,
    actions: [],
    ...overrides,
  };
}

function setUp(options: { appIconPath?: string; notificationsSupported?: boolean } = {}) {
  const electron = createFakeElectron(
    options.notificationsSupported === undefined ? {} : { notificationsSupported: options.notificationsSupported },
  );
  const log = createRecordingLogger();
  const notifier = new ElectronNotifier({
    Notification: electron.Notification,
    log,
    ...(options.appIconPath === undefined ? {} : { appIconPath: options.appIconPath }),
  });
  const actions: [string, string][] = [];
  const closed: [string, NotificationClosedReason][] = [];
  notifier.onAction((id, actionId) => actions.push([id, actionId]));
  notifier.onClosed((id, reason) => closed.push([id, reason]));
  return { electron, notifier, log, actions, closed };
}

function last(electron: FakeElectron): FakeNotification {
  const notification = electron.notifications.at(-1);
  if (notification === undefined) throw new Error('no notification was constructed');
  return notification;
}

describe('ElectronNotifier: what Electron is asked to show', () => {
  it('passes title, body, silence and urgency, with our id as the native id, and shows it', async () => {
    const { electron, notifier } = setUp();

    await notifier.show(request({ urgency: 'low', silent: true }));

    expect(last(electron).options).toEqual({
      id: 'https://ntfy.example|m1',
      title: 'Backup finished',
      body: 'All 3 volumes are safe.',
      silent: true,
      urgency: 'low',
      timeoutType: 'default',
      actions: [],
    });
    expect(last(electron).shown).toBe(true);
  });

  it('keeps critical popups on screen until dismissed (Windows "reminder"), and only those', async () => {
    const { electron, notifier } = setUp();

    await notifier.show(request({ id: 'a', urgency: 'critical' }));
    await notifier.show(request({ id: 'b', urgency: 'normal' }));

    expect(electron.notifications.map((n) => [n.options.urgency, n.options.timeoutType])).toEqual([
      ['critical', 'never'],
      ['normal', 'default'],
    ]);
  });

  it('turns actions into buttons in order, label for label', async () => {
    const { electron, notifier } = setUp();

    await notifier.show(
      request({
        actions: [
          { id: 'action-0', label: 'Open door' },
          { id: 'action-1', label: 'Ignore' },
        ],
      }),
    );

    expect(last(electron).options.actions).toEqual([
      { type: 'button', text: 'Open door' },
      { type: 'button', text: 'Ignore' },
    ]);
  });

  it('hands untrusted text to Electron as plain strings, unescaped, and builds no toastXml of its own', async () => {
    // Electron 45 writes the Windows toast XML itself with an escaping XML writer; escaping here would show
    // "&amp;lt;" to the user, and a toastXml option would bypass that writer altogether.
    const { electron, notifier } = setUp();
    const hostile = `</text></binding><action content="x" arguments="type=action&action=0"/>"'&<script>`;

    await notifier.show(request({ title: hostile, body: hostile, actions: [{ id: 'action-0', label: hostile }] }));

    const { options } = last(electron);
    expect(options.title).toBe(hostile);
    expect(options.body).toBe(hostile);
    expect(options.actions[0]?.text).toBe(hostile);
    expect(options).not.toHaveProperty('toastXml');
  });

  it('shows the downloaded image before the message icon, and that before the app icon', async () => {
    const { electron, notifier } = setUp({ appIconPath: '/app/icon.png' });

    await notifier.show(request({ id: 'a', imagePath: '/cache/cat.jpg', iconPath: '/cache/icon.png' }));
    await notifier.show(request({ id: 'b', iconPath: '/cache/icon.png' }));
    await notifier.show(request({ id: 'c' }));

    expect(electron.notifications.map((n) => n.options.icon)).toEqual([
      '/cache/cat.jpg',
      '/cache/icon.png',
      '/app/icon.png',
    ]);
  });

  it('sets no icon at all when there is none, rather than an empty path', async () => {
    const { electron, notifier } = setUp();

    await notifier.show(request());

    expect(last(electron).options).not.toHaveProperty('icon');
  });

  it('shortens very long text to what a Windows toast accepts, without splitting a character', async () => {
    const { electron, notifier } = setUp();
    const body = '🔔'.repeat(MAX_BODY_LENGTH + 10);

    await notifier.show(request({ title: 'x'.repeat(MAX_TITLE_LENGTH + 1), body }));

    const { options } = last(electron);
    expect(Array.from(options.title)).toHaveLength(MAX_TITLE_LENGTH);
    expect(Array.from(options.body)).toHaveLength(MAX_BODY_LENGTH);
    expect(options.body.endsWith('🔔…')).toBe(true);
  });

  it('refuses to show when the system has no notifications, instead of failing silently', async () => {
    const { electron, notifier } = setUp({ notificationsSupported: false });

    await expect(notifier.show(request())).rejects.toThrow(/does not support/);
    expect(electron.notifications).toEqual([]);
  });
});

describe('ElectronNotifier: what the user does', () => {
  it('reports a click on the popup as the default action', async () => {
    const { electron, notifier, actions } = setUp();
    await notifier.show(request());

    last(electron).clickPopup();

    expect(actions).toEqual([['https://ntfy.example|m1', 'default']]);
  });

  it('maps a pressed button index back to the caller’s action id', async () => {
    const { electron, notifier, actions } = setUp();
    await notifier.show(
      request({
        actions: [
          { id: 'action-0', label: 'A' },
          { id: 'action-1', label: 'B' },
        ],
      }),
    );

    last(electron).pressAction(1);
    last(electron).pressAction(0);

    expect(actions).toEqual([
      ['https://ntfy.example|m1', 'action-1'],
      ['https://ntfy.example|m1', 'action-0'],
    ]);
  });

  it('ignores a button index it never offered, and logs it', async () => {
    const { electron, notifier, actions, log } = setUp();
    await notifier.show(request({ actions: [{ id: 'action-0', label: 'A' }] }));

    last(electron).pressAction(3);

    expect(actions).toEqual([]);
    expect(log.entries).toContainEqual(
      expect.objectContaining({ level: 'warn', fields: { id: request().id, actionIndex: 3 } }),
    );
  });

  it.each([
    ['userCanceled', 'dismissed'],
    ['applicationHidden', 'closed'],
    [undefined, 'dismissed'],
  ] as const)('reports a close with Windows reason %s as %s', async (reason, expected) => {
    const { electron, notifier, closed } = setUp();
    await notifier.show(request());

    last(electron).dismiss(reason);

    expect(closed).toEqual([['https://ntfy.example|m1', expected]]);
  });

  it('keeps a toast that timed out into the Action Center: not closed, and still clickable', async () => {
    const { electron, notifier, closed, actions } = setUp();
    await notifier.show(request());

    last(electron).dismiss('timedOut');
    last(electron).clickPopup();

    expect(closed).toEqual([]);
    expect(actions).toEqual([['https://ntfy.example|m1', 'default']]);
  });

  it('reports a popup the system refused as closed, and logs why', async () => {
    const { electron, notifier, closed, log } = setUp();
    await notifier.show(request());

    last(electron).fail('Settings prevent the notification from being delivered.');

    expect(closed).toEqual([['https://ntfy.example|m1', 'unknown']]);
    expect(log.entries).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'the system refused a notification' }),
    );
  });

  it('stops reporting after dispose', async () => {
    const { electron, notifier, actions } = setUp();
    await notifier.show(request());

    await notifier.dispose();
    last(electron).clickPopup();

    expect(actions).toEqual([]);
    await expect(notifier.show(request())).rejects.toThrow(/disposed/);
  });
});

describe('ElectronNotifier: replace and close', () => {
  it('replaces: the old popup is closed before the new one shows, and its close is not reported', async () => {
    const { electron, notifier, closed } = setUp();
    await notifier.show(request({ body: 'first' }));
    const first = last(electron);

    await notifier.show(request({ body: 'second' }));
    const second = last(electron);

    expect(first.closed).toBe(true);
    expect(second).not.toBe(first);
    expect(second.shown).toBe(true);
    expect(closed).toEqual([]);
  });

  it('routes clicks only from the current popup of an id, not from the one it replaced', async () => {
    const { electron, notifier, actions } = setUp();
    await notifier.show(request({ body: 'first' }));
    const first = last(electron);
    await notifier.show(request({ body: 'second' }));

    first.clickPopup();
    last(electron).clickPopup();

    expect(actions).toEqual([['https://ntfy.example|m1', 'default']]);
  });

  it('closes a shown popup and reports it closed once, even though Electron emits its own close', async () => {
    const { electron, notifier, closed } = setUp();
    await notifier.show(request());

    await notifier.close('https://ntfy.example|m1');

    expect(last(electron).closed).toBe(true);
    expect(closed).toEqual([['https://ntfy.example|m1', 'closed']]);
  });

  it('does nothing when closing an id it is not showing', async () => {
    const { notifier, closed } = setUp();

    await notifier.close('unknown');

    expect(closed).toEqual([]);
  });

  it('holds on to live popups so Electron keeps their events, but only the most recent ones', async () => {
    const { electron, notifier, closed, actions } = setUp();
    for (let index = 0; index <= MAX_RETAINED_NOTIFICATIONS; index++) {
      await notifier.show(request({ id: `m${index}` }));
    }

    electron.notifications[0]?.clickPopup();
    electron.notifications[1]?.clickPopup();

    expect(closed).toEqual([['m0', 'unknown']]);
    expect(electron.notifications[0]?.closed).toBe(false);
    expect(actions).toEqual([['m1', 'default']]);
  });
});

describe('prepareWindowsToasts', () => {
  it('fixes the toast activator before naming the app, so the shortcut Electron writes carries both', () => {
    const { app } = createFakeElectron();

    prepareWindowsToasts(app, 'io.github.ntfytray.app');

    expect(app.calls).toEqual(['setToastActivatorCLSID', 'setAppUserModelId']);
    expect(app.toastActivatorClsid).toBe(TOAST_ACTIVATOR_CLSID);
    expect(TOAST_ACTIVATOR_CLSID).toMatch(/^\{[0-9A-F]{8}(-[0-9A-F]{4}){3}-[0-9A-F]{12}\}$/);
    expect(app.appUserModelId).toBe('io.github.ntfytray.app');
  });
});
