/**
 * The org.freedesktop.Notifications protocol (Desktop Notifications Specification 1.2,
 * https://specifications.freedesktop.org/notification-spec/1.2/) as pure functions: what a capability list means
 * for us, how a NotifierShowRequest becomes Notify's arguments, and what the NotificationClosed reasons are.
 */
import { pathToFileURL } from 'node:url';
import type { NotificationClosedReason, NotifierShowRequest } from '../../core/ports.ts';

export const NOTIFICATIONS_SERVICE = {
  destination: 'org.freedesktop.Notifications',
  path: '/org/freedesktop/Notifications',
  interface: 'org.freedesktop.Notifications',
} as const;

/** Notify(app_name s, replaces_id u, app_icon s, summary s, body s, actions as, hints a{sv}, expire_timeout i) → u */
export const NOTIFY_SIGNATURE = 'susssasa{sv}i';

/** Only the server's own signals: the bus resolves the well-known sender name to whoever owns it now. */
export const SIGNAL_MATCH_RULE =
  "type='signal',sender='org.freedesktop.Notifications',path='/org/freedesktop/Notifications'," +
  "interface='org.freedesktop.Notifications'";

/** The bus daemon's own signal when org.freedesktop.Notifications changes hands: its server went away or restarted. */
export const OWNER_MATCH_RULE =
  "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged'," +
  "arg0='org.freedesktop.Notifications'";

/** The action key the spec reserves for a click on the popup itself. */
const DEFAULT_ACTION = 'default';

export interface ServerCapabilities {
  /** `actions`: the server shows action buttons (or a menu) and sends ActionInvoked. */
  readonly actions: boolean;
  /**
   * `icon-static` / `icon-multi`: the server draws the image of a notification, which the `image-path` and
   * `image-data` hints carry ("Icons and Images" in the spec). The hint has no capability of its own, and
   * `body-images` only means `<img>` inside body markup, which we never send (bodies are escaped).
   */
  readonly images: boolean;
  /** `sound`: the server plays sounds, and then must honour `suppress-sound`. */
  readonly sound: boolean;
  /** `body-markup`: the body is parsed as markup, so our plain text has to be escaped. */
  readonly bodyMarkup: boolean;
}

export function parseCapabilities(raw: unknown): ServerCapabilities {
  const names = new Set(Array.isArray(raw) ? raw.filter((name) => typeof name === 'string') : []);
  return {
    actions: names.has('actions'),
    images: names.has('icon-static') || names.has('icon-multi'),
    sound: names.has('sound'),
    bodyMarkup: names.has('body-markup'),
  };
}

/** The `urgency` hint is a byte: 0 low, 1 normal, 2 critical. */
function urgencyByte(urgency: NotifierShowRequest['urgency']): number {
  return urgency === 'low' ? 0 : urgency === 'normal' ? 1 : 2;
}

/** NotificationClosed reasons: 1 expired, 2 dismissed by the user, 3 closed by CloseNotification, 4 undefined. */
export function closedReason(code: unknown): NotificationClosedReason {
  return code === 1 ? 'expired' : code === 2 ? 'dismissed' : code === 3 ? 'closed' : 'unknown';
}

/**
 * With `body-markup` the server parses the body (a small XML subset), so untrusted text must not be able to open
 * tags or entities there; without it, markup would show through verbatim, so plain text goes as it is.
 */
function escapeBodyMarkup(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** D-Bus strings may not contain NUL, and a message from the network may: the whole call would be refused. */
function dbusText(text: string): string {
  return text.replaceAll('\0', '');
}

/** `app_icon` and `image-path` take a file:// URI or an icon-theme name; a local path becomes a file:// URI. */
function fileUri(localPath: string): string {
  return pathToFileURL(localPath).href;
}

interface NotifyHint {
  readonly name: string;
  /** D-Bus signature of the hint's value. */
  readonly signature: string;
  readonly value: unknown;
}

interface NotifyArguments {
  readonly appName: string;
  readonly replacesId: number;
  readonly appIcon: string;
  readonly summary: string;
  readonly body: string;
  /** Flat pairs: key, label, key, label… */
  readonly actions: readonly string[];
  readonly hints: readonly NotifyHint[];
  /** Milliseconds; -1 leaves it to the server (and its per-urgency settings). */
  readonly expireTimeout: number;
}

interface NotifyContext {
  readonly appName: string;
  /** The server's id of the popup this one replaces; 0 for a new one. */
  readonly replacesId: number;
  readonly capabilities: ServerCapabilities;
  /** Used when the request brings no icon of its own. */
  readonly appIconPath?: string;
  /** Label of the click action, for servers that list it (dunst's menu); most never show it. */
  readonly defaultActionLabel: string;
  /** `desktop-entry` hint: the .desktop file name without extension, so the desktop can attribute the popup. */
  readonly desktopEntry?: string;
}

function actionPairs(request: NotifierShowRequest, context: NotifyContext): string[] {
  if (!context.capabilities.actions) return [];
  // A caller action keyed `default` doubles as the click action; otherwise a click gets its own key.
  const pairs = request.actions.some((action) => action.id === DEFAULT_ACTION)
    ? []
    : [DEFAULT_ACTION, context.defaultActionLabel];
  for (const action of request.actions) pairs.push(dbusText(action.id), dbusText(action.label));
  return pairs;
}

export function notifyArguments(request: NotifierShowRequest, context: NotifyContext): NotifyArguments {
  const hints: NotifyHint[] = [{ name: 'urgency', signature: 'y', value: urgencyByte(request.urgency) }];
  if (request.silent) hints.push({ name: 'suppress-sound', signature: 'b', value: true });
  if (request.imagePath !== undefined && context.capabilities.images) {
    hints.push({ name: 'image-path', signature: 's', value: fileUri(request.imagePath) });
  }
  if (context.desktopEntry !== undefined)
    hints.push({ name: 'desktop-entry', signature: 's', value: context.desktopEntry });
  const iconPath = request.iconPath ?? context.appIconPath;
  return {
    appName: context.appName,
    replacesId: context.replacesId,
    appIcon: iconPath === undefined ? '' : fileUri(iconPath),
    summary: dbusText(request.title),
    body: dbusText(context.capabilities.bodyMarkup ? escapeBodyMarkup(request.body) : request.body),
    actions: actionPairs(request, context),
    hints,
    expireTimeout: -1,
  };
}
