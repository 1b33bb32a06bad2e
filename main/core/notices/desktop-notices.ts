/**
 * What the desktop is not doing for the app, as one small state the composition root feeds and the window (through
 * the bridge) and the tray menu read:
 * - `tray-host-missing`: Linux without a StatusNotifier host (plain GNOME Shell) shows no tray icon, so closing the
 *   window minimizes it; the window says once how to get a tray. Dismissible, and a dismissal is kept for good.
 * - `tray-icon-missing`: a host runs but does not list our icon (core/tray/tray-presence.ts); the same fallback,
 *   and the window says once that the icon did not appear. Dismissible, kept like the other.
 * - `update-available`: a newer version is out (core/updates). Dismissible for this version and this run only: a
 *   newer version or the next start brings it back, since an update is worth hearing of until it is installed.
 * - `notifications-refused`: the notification center refused a popup (macOS: the app is not allowed to notify).
 *   Not dismissible: it goes away by itself when a later popup is shown.
 */
import { t } from '../../../common/i18n/translate.ts';
import type { DesktopNoticeDto, DesktopNoticeIdDto } from '../../../common/ipc.ts';
import type { AvailableUpdate } from '../updates/update-checks.ts';

export type DesktopNoticeId = DesktopNoticeIdDto;

export const DESKTOP_NOTICE_IDS: readonly DesktopNoticeId[] = [
  'tray-host-missing',
  'tray-icon-missing',
  'notifications-refused',
  'update-available',
];

export function isDesktopNoticeId(value: unknown): value is DesktopNoticeId {
  return typeof value === 'string' && (DESKTOP_NOTICE_IDS as readonly string[]).includes(value);
}

export function trayHostMissingText(): string {
  return t('app.notice.tray-host-missing');
}

export function trayIconMissingText(): string {
  return t('app.notice.tray-icon-missing');
}

/** Where each system keeps the switch (the wording of its settings app). */
export function notificationsRefusedText(platform: NodeJS.Platform): string {
  switch (platform) {
    case 'darwin':
      return t('app.notice.notifications-refused.darwin');
    case 'win32':
      return t('app.notice.notifications-refused.win32');
    default:
      return t('app.notice.notifications-refused.other');
  }
}

function updateAvailableText(update: AvailableUpdate): string {
  return update.installsOnQuit
    ? t('app.notice.update-downloaded', { version: update.version })
    : t('app.notice.update-available', { version: update.version });
}

interface DesktopNoticesOptions {
  readonly platform: NodeJS.Platform;
}

type Listener = (notices: readonly DesktopNoticeDto[]) => void;

export class DesktopNotices {
  readonly #platform: NodeJS.Platform;
  readonly #active = new Set<DesktopNoticeId>();
  readonly #dismissed = new Set<DesktopNoticeId>();
  readonly #listeners = new Set<Listener>();
  #update: AvailableUpdate | undefined;

  constructor(options: DesktopNoticesOptions) {
    this.#platform = options.platform;
  }

  setTrayHostMissing(missing: boolean): void {
    this.#set('tray-host-missing', missing);
  }

  setTrayIconMissing(missing: boolean): void {
    this.#set('tray-icon-missing', missing);
  }

  /** A newer version than the last one told of undoes a dismissal of that one. */
  setUpdateAvailable(update: AvailableUpdate | undefined): void {
    const before = this.#signature();
    if (update?.version !== this.#update?.version || update?.installsOnQuit !== this.#update?.installsOnQuit)
      this.#dismissed.delete('update-available');
    this.#update = update;
    if (update === undefined) this.#active.delete('update-available');
    else this.#active.add('update-available');
    this.#emitIfChanged(before);
  }

  setNotificationsRefused(refused: boolean): void {
    this.#set('notifications-refused', refused);
  }

  notificationsRefused(): boolean {
    return this.#active.has('notifications-refused');
  }

  /** The dismissals kept from earlier runs (see notice-dismissals.ts). */
  restoreDismissed(ids: readonly DesktopNoticeId[]): void {
    const before = this.#signature();
    for (const id of ids) if (isDismissible(id)) this.#dismissed.add(id);
    this.#emitIfChanged(before);
  }

  /** False for a notice that cannot be dismissed (it ends with its cause instead). */
  dismiss(id: DesktopNoticeId): boolean {
    if (!isDismissible(id)) return false;
    const before = this.#signature();
    this.#dismissed.add(id);
    this.#emitIfChanged(before);
    return true;
  }

  /** The dismissals to keep across restarts (an update's is for this run only). */
  dismissed(): readonly DesktopNoticeId[] {
    return DESKTOP_NOTICE_IDS.filter((id) => this.#dismissed.has(id) && id !== 'update-available');
  }

  /** The notices to show now, in a fixed order. */
  list(): readonly DesktopNoticeDto[] {
    return DESKTOP_NOTICE_IDS.filter((id) => this.#active.has(id) && !this.#dismissed.has(id)).map((id) => {
      const notice: DesktopNoticeDto = { id, text: this.#text(id), dismissible: isDismissible(id) };
      const update = this.#update;
      if (id !== 'update-available' || update === undefined) return notice;
      return {
        ...notice,
        link: { label: t('app.notice.update-link', { version: update.version }), url: update.releaseUrl },
      };
    });
  }

  /** Called with the new list whenever what list() answers changes. */
  onChange(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #text(id: DesktopNoticeId): string {
    switch (id) {
      case 'tray-host-missing':
        return trayHostMissingText();
      case 'tray-icon-missing':
        return trayIconMissingText();
      case 'notifications-refused':
        return notificationsRefusedText(this.#platform);
      case 'update-available':
        return this.#update === undefined ? '' : updateAvailableText(this.#update);
    }
  }

  #set(id: DesktopNoticeId, active: boolean): void {
    const before = this.#signature();
    if (active) this.#active.add(id);
    else this.#active.delete(id);
    this.#emitIfChanged(before);
  }

  #signature(): string {
    return this.list()
      .map((notice) => notice.id)
      .join(',');
  }

  #emitIfChanged(before: string): void {
    if (this.#signature() === before) return;
    const notices = this.list();
    for (const listener of [...this.#listeners]) listener(notices);
  }
}

function isDismissible(id: DesktopNoticeId): boolean {
  return id === 'tray-host-missing' || id === 'tray-icon-missing' || id === 'update-available';
}
