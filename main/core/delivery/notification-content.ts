/**
 * What a popup says for one message, decided once for every platform (docs/protocol.md#message-json): the title
 * (message title, else the subscription's name, else host/topic), tag emoji the way ntfy's own clients show them,
 * a plain-text body, urgency from priority, and the actions a desktop can offer.
 */
import { oneLineText, withoutBidiControls } from '../../../common/bidi-text.ts';
import { nameToEmoji } from 'gemoji';
import { t } from '../../../common/i18n/translate.ts';
import { HTTP_ACTION_METHODS, httpActionMethod } from '../../../common/action-availability.ts';
import type { NtfyAction, NtfyMessage, Priority } from '../protocol/types.ts';
import { isAllowedExternalUrl, isFetchableUrl } from './external-url.ts';
import { markdownToPlainText } from './markdown-text.ts';

/** low: priorities 1–2, shown silently; normal: 3; critical: 4–5, with sound. */
export type Urgency = 'low' | 'normal' | 'critical';

export type NotificationAction =
  | {
      readonly kind: 'view';
      readonly id: string;
      readonly label: string;
      readonly url: string;
      readonly clear: boolean;
    }
  | {
      readonly kind: 'http';
      readonly id: string;
      readonly label: string;
      readonly url: string;
      readonly method: string;
      readonly headers: Readonly<Record<string, string>>;
      readonly body?: string;
      readonly clear: boolean;
    }
  | {
      readonly kind: 'copy';
      readonly id: string;
      readonly label: string;
      readonly value: string;
      readonly clear: boolean;
    };

export interface NotificationContent {
  readonly title: string;
  readonly body: string;
  readonly urgency: Urgency;
  readonly silent: boolean;
  /** Opened on click; undefined means "open the window on this message". */
  readonly clickUrl?: string;
  readonly iconUrl?: string;
  /** An image attachment to download (size and type checked by the downloader). */
  readonly imageUrl?: string;
  readonly actions: readonly NotificationAction[];
}

interface ContentContext {
  /** The subscription's display name, if the user gave one. */
  readonly displayName?: string;
  /** Server base URL, for the `<host>/<topic>` fallback title. */
  readonly server: string;
}

export function urgencyOf(priority: Priority): Urgency {
  return priority <= 2 ? 'low' : priority === 3 ? 'normal' : 'critical';
}

/** Splits tags into emoji (ntfy maps gemoji short names) and the rest, which are listed as text. */
export function splitTags(tags: readonly string[]): { emoji: string[]; other: string[] } {
  const emoji: string[] = [];
  const other: string[] = [];
  for (const tag of tags) {
    const mapped = Object.hasOwn(nameToEmoji, tag) ? nameToEmoji[tag] : undefined;
    if (mapped === undefined) other.push(tag);
    else emoji.push(mapped);
  }
  return { emoji, other };
}

function hostOf(server: string): string {
  try {
    return new URL(server).host;
  } catch {
    return server;
  }
}

function decodeBody(message: NtfyMessage): string {
  if (message.encoding === 'base64')
    return t('app.notification.binary', { count: Math.ceil((message.message.length * 3) / 4) });
  return message.contentType === 'text/markdown' ? markdownToPlainText(message.message) : message.message;
}

/** What a message action becomes on the desktop; undefined for broadcast (Android only) and unsafe URLs. */
export function toNotificationAction(action: NtfyAction): NotificationAction | undefined {
  switch (action.action) {
    case 'view': {
      const url = isAllowedExternalUrl(action.url);
      return url.ok
        ? { kind: 'view', id: action.id, label: action.label, url: url.url, clear: action.clear }
        : undefined;
    }
    case 'http': {
      const url = isFetchableUrl(action.url);
      const method = httpActionMethod(action.method);
      if (!url.ok || !HTTP_ACTION_METHODS.has(method)) return undefined;
      const http: NotificationAction = {
        kind: 'http',
        id: action.id,
        label: action.label,
        url: url.url,
        method,
        headers: action.headers ?? {},
        clear: action.clear,
      };
      return action.body === undefined ? http : { ...http, body: action.body };
    }
    case 'copy':
      // The button says what it copies: a label alone ("Copy code") could put anything on the clipboard.
      return action.value === undefined
        ? undefined
        : {
            kind: 'copy',
            id: action.id,
            label: t('core.notification.copy-label', { label: action.label, value: shortValue(action.value) }),
            value: action.value,
            clear: action.clear,
          };
    case 'broadcast':
      return undefined; // Android intents: nothing a desktop can do with them
  }
}

/** A copied value as a button shows it: one line, at most 40 characters. */
function shortValue(value: string): string {
  const line = oneLineText(value);
  return line.length <= 40 ? line : `${line.slice(0, 39)}…`;
}

export function buildNotificationContent(message: NtfyMessage, context: ContentContext): NotificationContent {
  const { emoji, other } = splitTags(message.tags);
  const baseTitle = message.title ?? context.displayName ?? `${hostOf(context.server)}/${message.topic}`;
  const title = emoji.length > 0 ? `${emoji.join(' ')} ${baseTitle}` : baseTitle;
  const tagLine = other.length > 0 ? `\nTags: ${other.join(', ')}` : '';
  const urgency = urgencyOf(message.priority);
  // A stranger's text: bidi overrides out of everything, and title and button labels kept to one line.
  const content: NotificationContent = {
    title: oneLineText(title),
    body: withoutBidiControls(`${decodeBody(message)}${tagLine}`),
    urgency,
    silent: urgency === 'low',
    actions: message.actions
      .map(toNotificationAction)
      .filter((action) => action !== undefined)
      .map((action) => ({ ...action, label: oneLineText(action.label) })),
  };
  const click = message.click === undefined ? undefined : isAllowedExternalUrl(message.click);
  const icon = message.icon === undefined ? undefined : isFetchableUrl(message.icon);
  const attachment = message.attachment;
  const looksLikeImage =
    attachment !== undefined &&
    (attachment.type?.startsWith('image/') ?? /\.(png|jpe?g|gif|webp|bmp)$/i.test(attachment.name));
  const image = looksLikeImage ? isFetchableUrl(attachment.url) : undefined;
  return {
    ...content,
    ...(click?.ok === true ? { clickUrl: click.url } : {}),
    ...(icon?.ok === true ? { iconUrl: icon.url } : {}),
    ...(image?.ok === true ? { imageUrl: image.url } : {}),
  };
}
