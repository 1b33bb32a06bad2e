/**
 * The session's permission request handler (https://www.electronjs.org/docs/latest/api/session#sessetpermissionrequesthandlerhandler)
 * driven by the page: the APIs that ask for a permission — Notification.requestPermission, geolocation's
 * getCurrentPosition, the async clipboard, getUserMedia — first ask the app's handler with Electron's permission
 * name and details, then go on to Chromium's own implementation, which the answer has set up: granted, the
 * permission is granted to the frame's origin in the browser context; refused (or never granted), Chromium refuses
 * it as it does every permission nobody granted. With no handler the request is granted, as Electron's default is.
 *
 * The asking happens in the page's world (Chromium's DevTools protocol has no event for a permission prompt), so a
 * page that reaches the originals past the wrappers gets Chromium's default, a refusal: stricter than Electron,
 * never kinder. watchPosition, navigator.permissions.query and the permission *check* handler are not driven.
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { PermissionRequestHandler } from './session.ts';

export const PERMISSION_BINDING = '__electronStandInRequestPermission';

export interface PermissionRecord {
  /** Electron's name ('notifications', 'geolocation', 'clipboard-read', 'clipboard-sanitized-write', 'media'). */
  readonly permission: string;
  readonly requestingUrl: string;
  readonly granted: boolean;
}

export interface PermissionOwner {
  requestHandler(): PermissionRequestHandler | null;
  /** The webContents the handler gets as its first argument. */
  readonly webContents: unknown;
  appUrlOf(pageUrl: string): string;
  record(record: PermissionRecord): void;
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
  if (typeof ask !== 'function') return;
  // Only the wrappers below ask: no page script finds the binding by name.
  delete window[${JSON.stringify(PERMISSION_BINDING)}];
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

export async function drivePermissionRequests(
  context: BrowserContext,
  page: Page,
  owner: PermissionOwner,
): Promise<void> {
  // Per origin, what the browser context has been granted so far (clearPermissions takes all back at once).
  const granted = new Map<string, Set<string>>();
  const setGrant = async (origin: string, names: readonly string[], grant: boolean): Promise<void> => {
    const current = granted.get(origin) ?? new Set<string>();
    granted.set(origin, current);
    if (grant) {
      for (const name of names) current.add(name);
      await context.grantPermissions(names, { origin });
      return;
    }
    if (!names.some((name) => current.has(name))) return;
    for (const name of names) current.delete(name);
    await context.clearPermissions();
    for (const [other, grants] of granted) {
      if (grants.size > 0) await context.grantPermissions([...grants], { origin: other });
    }
  };

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
    const origin = new URL(source.frame.url()).origin;
    // An opaque origin (a file: page) cannot be granted anything by origin: Chromium's refusal stands.
    if (origin !== 'null') await setGrant(origin, chromiumPermissions(name, mediaTypes), allowed);
    return allowed;
  });
  await page.addInitScript(buildPermissionInitScript());
}
