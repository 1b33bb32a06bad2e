import { describe, expect, it } from 'vitest';
import type { DesktopNoticeDto } from '../../../../common/ipc.ts';
import {
  DesktopNotices,
  notificationsRefusedText,
  trayHostMissingText,
  trayIconMissingText,
} from '../../../../main/core/notices/desktop-notices.ts';

function setUp(platform: NodeJS.Platform = 'linux') {
  const notices = new DesktopNotices({ platform });
  const changes: (readonly DesktopNoticeDto[])[] = [];
  notices.onChange((list) => changes.push(list));
  return { notices, changes };
}

describe('DesktopNotices', () => {
  it('has nothing to say while the desktop does everything', () => {
    const { notices } = setUp();
    expect(notices.list()).toEqual([]);
    expect(notices.notificationsRefused()).toBe(false);
  });

  it('says how to get a tray when the tray host is missing, as a dismissible notice', () => {
    const { notices, changes } = setUp();
    notices.setTrayHostMissing(true);
    const expected = [{ id: 'tray-host-missing', text: trayHostMissingText(), dismissible: true }];
    expect(notices.list()).toEqual(expected);
    expect(changes).toEqual([expected]);
    expect(trayHostMissingText()).toContain('AppIndicator and KStatusNotifierItem Support');
  });

  it('says the icon did not appear when a host runs without listing it, dismissible like the host notice', () => {
    const { notices } = setUp();
    notices.setTrayIconMissing(true);
    expect(notices.list()).toEqual([{ id: 'tray-icon-missing', text: trayIconMissingText(), dismissible: true }]);
    expect(notices.dismiss('tray-icon-missing')).toBe(true);
    notices.setTrayIconMissing(true);
    expect(notices.list()).toEqual([]);
    expect(notices.dismissed()).toEqual(['tray-icon-missing']);
  });

  it('tells of a new version with a link to its release; a dismissal lasts until a newer one, and is not kept', () => {
    const { notices } = setUp();
    const update = {
      version: '1.2.0',
      releaseUrl: 'https://github.com/o/r/releases/tag/v1.2.0',
      installsOnQuit: false,
    };
    notices.setUpdateAvailable(update);
    expect(notices.list()).toEqual([
      {
        id: 'update-available',
        text: 'ntfy Tray 1.2.0 is out. Download it from its release page and install it.',
        dismissible: true,
        link: { label: 'What is new in 1.2.0', url: update.releaseUrl },
      },
    ]);

    expect(notices.dismiss('update-available')).toBe(true);
    notices.setUpdateAvailable(update);
    expect(notices.list()).toEqual([]);
    expect(notices.dismissed()).toEqual([]);
    notices.setUpdateAvailable({
      ...update,
      version: '1.3.0',
      releaseUrl: 'https://github.com/o/r/releases/tag/v1.3.0',
    });
    expect(notices.list().map((notice) => notice.text)).toEqual([
      'ntfy Tray 1.3.0 is out. Download it from its release page and install it.',
    ]);
  });

  it('never shows a dismissed notice again, and tells listeners once', () => {
    const { notices, changes } = setUp();
    notices.setTrayHostMissing(true);
    expect(notices.dismiss('tray-host-missing')).toBe(true);
    expect(notices.list()).toEqual([]);
    notices.setTrayHostMissing(true);
    expect(changes).toEqual([[{ id: 'tray-host-missing', text: trayHostMissingText(), dismissible: true }], []]);
    expect(notices.dismissed()).toEqual(['tray-host-missing']);
  });

  it('keeps a dismissal restored from an earlier run, without telling anyone', () => {
    const { notices, changes } = setUp();
    notices.restoreDismissed(['tray-host-missing']);
    notices.setTrayHostMissing(true);
    expect(notices.list()).toEqual([]);
    expect(changes).toEqual([]);
  });

  it('says where to allow refused notifications, per system, until a popup is shown again', () => {
    const { notices, changes } = setUp('darwin');
    notices.setNotificationsRefused(true);
    expect(notices.notificationsRefused()).toBe(true);
    expect(notices.list()).toEqual([
      {
        id: 'notifications-refused',
        text: "macOS is not showing ntfy Tray's notifications. Allow them in System Settings → Notifications → ntfy Tray.",
        dismissible: false,
      },
    ]);
    notices.setNotificationsRefused(false);
    expect(notices.list()).toEqual([]);
    expect(changes).toHaveLength(2);
    expect(notificationsRefusedText('win32')).toContain('Windows');
  });

  it('refuses to dismiss the refused-notifications notice, which ends with its cause', () => {
    const { notices } = setUp('darwin');
    notices.setNotificationsRefused(true);
    expect(notices.dismiss('notifications-refused')).toBe(false);
    expect(notices.list().map((notice) => notice.id)).toEqual(['notifications-refused']);
  });

  it('tells listeners nothing when a report changes nothing', () => {
    const { notices, changes } = setUp();
    notices.setNotificationsRefused(false);
    notices.setTrayHostMissing(false);
    expect(changes).toEqual([]);
  });
});
