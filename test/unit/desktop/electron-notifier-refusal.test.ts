/**
 * The notification center refusing popups ('failed', as macOS does for an app not allowed to notify) through the
 * typed fake Notification, extended with Electron's 'show' event (emitted when a popup is shown).
 */
import { describe, expect, it } from 'vitest';
import type { NotifierShowRequest } from '../../../main/core/ports.ts';
import { ElectronNotifier } from '../../../main/desktop/electron-notifier.ts';
import type { NotificationOptions } from '../../../main/desktop/electron-notification-api.ts';
import { FakeNotification } from '../../fakes/electron.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';

type FakeOn = Parameters<FakeNotification['on']>;

/**
 * The fake plus 'show', which Electron emits each time show() puts the popup on screen; while `refusing`, show()
 * emits 'failed' instead, as a notification center that does not let the app notify.
 */
class ShowingFakeNotification extends FakeNotification {
  static readonly created: ShowingFakeNotification[] = [];
  static refusing = false;
  readonly #showListeners: (() => void)[] = [];

  constructor(options: NotificationOptions) {
    super(options);
    ShowingFakeNotification.created.push(this);
  }

  override on(...args: FakeOn | ['show', () => void]): void {
    if (args[0] === 'show') this.#showListeners.push(args[1]);
    else super.on(...args);
  }

  override show(): void {
    if (ShowingFakeNotification.refusing) {
      this.fail('Notifications are not allowed for this application');
      return;
    }
    super.show();
    for (const listener of this.#showListeners) listener();
  }
}

function request(id: string): NotifierShowRequest {
  return { id, title: 'Backup finished', body: 'All volumes are safe.', urgency: 'normal', silent: false, actions: [] };
}

function setUp() {
  ShowingFakeNotification.created.splice(0);
  ShowingFakeNotification.refusing = false;
  const changes: boolean[] = [];
  const log = createRecordingLogger();
  const notifier = new ElectronNotifier({
    Notification: ShowingFakeNotification,
    log,
    onRefusalChange: (refused) => changes.push(refused),
  });
  const last = (): ShowingFakeNotification => {
    const notification = ShowingFakeNotification.created.at(-1);
    if (notification === undefined) throw new Error('no notification was constructed');
    return notification;
  };
  return { notifier, changes, last, log };
}

describe('ElectronNotifier: a refusing notification center', () => {
  it("reports a 'failed' popup as refused, and stops claiming actions, images and sound", async () => {
    const { notifier, changes, last } = setUp();
    await notifier.show(request('m1'));
    expect(await notifier.capabilities()).toEqual({ actions: true, images: true, sound: true });

    last().fail('Notifications are not allowed for this application');

    expect(changes).toEqual([true]);
    expect(notifier.refused()).toBe(true);
    expect(await notifier.capabilities()).toEqual({ actions: false, images: false, sound: false });
  });

  it('clears the refusal when a later popup is shown', async () => {
    const { notifier, changes, last } = setUp();
    await notifier.show(request('m1'));
    last().fail('not allowed');
    await notifier.show(request('m2'));

    expect(changes).toEqual([true, false]);
    expect(notifier.refused()).toBe(false);
    expect(await notifier.capabilities()).toEqual({ actions: true, images: true, sound: true });
  });

  it('reports each change once, not every refused popup', async () => {
    const { notifier, changes } = setUp();
    ShowingFakeNotification.refusing = true;
    await notifier.show(request('m1'));
    await notifier.show(request('m2'));
    await notifier.show(request('m3'));
    expect(changes).toEqual([true]);
    ShowingFakeNotification.refusing = false;
    await notifier.show(request('m4'));
    await notifier.show(request('m5'));
    expect(changes).toEqual([true, false]);
  });
});
