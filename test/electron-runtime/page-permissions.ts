/**
 * The session's permission request handler (https://www.electronjs.org/docs/latest/api/session#sessetpermissionrequesthandlerhandler)
 * driven by the page: the APIs that ask for a permission — Notification.requestPermission, geolocation's
 * getCurrentPosition, the async clipboard, getUserMedia — first ask the app's handler with Electron's permission
 * name and details, then go on to Chromium's own implementation, which the answer has set up (DevTools
 * Browser.setPermission for the frame's origin: granted or denied). navigator.permissions.query asks the
 * permission *check* handler the same way. With no handler the answer is yes, as Electron's default is.
 *
 * The asking happens in the page's world (Chromium's DevTools protocol has no event for a permission prompt), so a
 * page that reaches the originals past the wrappers gets Chromium's default, a refusal: stricter than Electron,
 * never kinder. watchPosition and the synchronous Notification.permission are not driven.
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { PermissionCheckHandler, PermissionRequestHandler } from './session.ts';

export const PERMISSION_BINDING = '__electronStandInRequestPermission';
export const PERMISSION_CHECK_BINDING = '__electronStandInCheckPermission';

export interface PermissionRecord {
  /** Electron's name ('notifications', 'geolocation', 'clipboard-read', 'clipboard-sanitized-write', 'media'). */
  readonly permission: string;
  readonly requestingUrl: string;
  readonly granted: boolean;
}

export interface PermissionOwner {
  requestHandler(): PermissionRequestHandler | null;
  checkHandler(): PermissionCheckHandler | null;
  /** The webContents the handler gets as its first argument. */
  readonly webContents: unknown;
  appUrlOf(pageUrl: string): string;
  record(record: PermissionRecord): void;
  recordCheck(record: PermissionRecord): void;
}

/** Electron's permission name → the names Playwright grants in Chromium. */
function chromiumPermissions(permission: string, mediaTypes: readonly string[]): string[] {
  switch (permission) {
    case 'notifications':
    case 'geolocation':
    case 'clipboard-read':
      return [permission];
    case 'clipboard-sanitized-write':
      return ['clipboard-write'];
    case 'media':
      return mediaTypes.map((type) => (type === 'video' ? 'camera' : 'microphone'));
    default:
      return [];
  }
}

/** Runs in every frame before the page's scripts: each permission-asking API asks the app first. */
export function buildPermissionInitScript(): string {
  return `(() => {
  const ask = window[${JSON.stringify(PERMISSION_BINDING)}];
  const check = window[${JSON.stringify(PERMISSION_CHECK_BINDING)}];
  if (typeof ask !== 'function' || typeof check !== 'function') return;
  // Only the wrappers below ask: no page script finds the bindings by name.
  delete window[${JSON.stringify(PERMISSION_BINDING)}];
  delete window[${JSON.stringify(PERMISSION_CHECK_BINDING)}];
  if (typeof Permissions !== 'undefined') {
    const original = Permissions.prototype.query;
    Permissions.prototype.query = function (descriptor) {
      const name = descriptor && typeof descriptor.name === 'string' ? descriptor.name : '';
      return check(name).then(() => original.call(this, descriptor));
    };
  }
  const wrap = (target, name, permission, detailsOf) => {
    if (target === undefined || typeof target[name] !== 'function') return;
    const original = target[name];
    Object.defineProperty(target, name, {
      configurable: true,
      writable: true,
      value: function (...args) {
        return ask(permission, detailsOf(args)).then(() => original.apply(this, args));
      },
    });
  };
  const none = () => ({});
  if (typeof Notification !== 'undefined') {
    const original = Notification.requestPermission;
    Notification.requestPermission = function (callback) {
      return ask('notifications', {}).then(() => original.call(Notification)).then((result) => {
        if (typeof callback === 'function') callback(result);
        return result;
      });
    };
  }
  if (typeof Geolocation !== 'undefined') {
    const original = Geolocation.prototype.getCurrentPosition;
    Geolocation.prototype.getCurrentPosition = function (...args) {
      ask('geolocation', {}).then(() => original.apply(this, args));
    };
  }
  if (typeof Clipboard !== 'undefined') {
    wrap(Clipboard.prototype, 'readText', 'clipboard-read', none);
    wrap(Clipboard.prototype, 'read', 'clipboard-read', none);
    wrap(Clipboard.prototype, 'writeText', 'clipboard-sanitized-write', none);
    wrap(Clipboard.prototype, 'write', 'clipboard-sanitized-write', none);
  }
  if (typeof MediaDevices !== 'undefined') {
    wrap(MediaDevices.prototype, 'getUserMedia', 'media', ([constraints]) => ({
      mediaTypes: [constraints && constraints.video ? 'video' : null, constraints && constraints.audio ? 'audio' : null]
        .filter((type) => type !== null),
    }));
  }
})();`;
}

/** navigator.permissions.query names → Electron's permission name and media type. */
function electronPermissionOfQuery(name: string): { permission: string; mediaType?: 'video' | 'audio' } {
  switch (name) {
    case 'camera':
      return { permission: 'media', mediaType: 'video' };
    case 'microphone':
      return { permission: 'media', mediaType: 'audio' };
    case 'clipboard-write':
      return { permission: 'clipboard-sanitized-write' };
    default:
      return { permission: name };
  }
}

export async function drivePermissionRequests(
  context: BrowserContext,
  page: Page,
  owner: PermissionOwner,
): Promise<void> {
  const browser = context.browser();
  if (browser === null) throw new Error('the stand-in needs a launched browser');
  const pageSession = await context.newCDPSession(page);
  const { targetInfo } = (await pageSession.send('Target.getTargetInfo')) as {
    targetInfo: { browserContextId?: string };
  };
  const browserSession = await browser.newBrowserCDPSession();
  // Chromium's own state for the frame's origin, so its implementation answers as the app did.
  const setChromiumPermission = async (origin: string, names: readonly string[], granted: boolean): Promise<void> => {
    // An opaque origin (a file: page) cannot be granted anything by origin: Chromium's refusal stands.
    if (origin === 'null') return;
    for (const name of names) {
      await browserSession.send('Browser.setPermission', {
        permission: { name },
        setting: granted ? 'granted' : 'denied',
        origin,
        ...(targetInfo.browserContextId === undefined ? {} : { browserContextId: targetInfo.browserContextId }),
      });
    }
  };

  await page.exposeBinding(PERMISSION_CHECK_BINDING, async (source, queried: unknown): Promise<void> => {
    const { permission, mediaType } = electronPermissionOfQuery(String(queried));
    const requestingUrl = owner.appUrlOf(source.frame.url());
    const origin = new URL(source.frame.url()).origin;
    const handler = owner.checkHandler();
    const allowed =
      handler === null ||
      (handler as (...args: unknown[]) => boolean)(owner.webContents, permission, owner.appUrlOf(origin), {
        requestingUrl,
        isMainFrame: source.frame === page.mainFrame(),
        securityOrigin: owner.appUrlOf(origin),
        ...(mediaType === undefined ? {} : { mediaType }),
      });
    owner.recordCheck({ permission, requestingUrl, granted: allowed });
    await setChromiumPermission(origin, [String(queried)], allowed);
  });
  await page.exposeBinding(PERMISSION_BINDING, async (source, permission: unknown, details: unknown) => {
    const name = String(permission);
    const mediaTypes = (details as { mediaTypes?: string[] } | null)?.mediaTypes ?? [];
    const requestingUrl = owner.appUrlOf(source.frame.url());
    const handler = owner.requestHandler();
    const allowed =
      handler === null ||
      (await new Promise<boolean>((resolve) => {
        const request = {
          requestingUrl,
          isMainFrame: source.frame === page.mainFrame(),
          ...(name === 'media' ? { mediaTypes } : {}),
        };
        (handler as (...args: unknown[]) => void)(owner.webContents, name, resolve, request);
      }));
    owner.record({ permission: name, requestingUrl, granted: allowed });
    await setChromiumPermission(new URL(source.frame.url()).origin, chromiumPermissions(name, mediaTypes), allowed);
    return allowed;
  });
  await page.addInitScript(buildPermissionInitScript());
}
