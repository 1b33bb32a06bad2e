/**
 * What the "Send a message" form holds while it is typed, and how it becomes a publish request: fields are sent as
 * typed (trimmed), empty ones left out, and the server checks the rest (delay phrases and bounds, action limits),
 * as ntfy's web app leaves them to the server too. The core answers with words (send-outcome.ts).
 */
import { nameToEmoji } from 'gemoji';
import type { PriorityDto, PublishActionDto, PublishInputDto, SubscriptionRefDto } from '../../common/ipc.ts';

/** ntfy allows at most three actions per message (https://docs.ntfy.sh/publish/#action-buttons). */
export const MAX_ACTIONS = 3;

export const HTTP_METHODS = ['POST', 'PUT', 'GET', 'DELETE'] as const;

export interface ActionDraft {
  /** Stable per row, so React keeps each row's fields (and focus) when one above is removed. */
  readonly key: number;
  readonly kind: 'view' | 'http';
  readonly label: string;
  readonly url: string;
  /** For `http`; ntfy's default is POST. */
  readonly method: (typeof HTTP_METHODS)[number];
}

export interface SendDraft {
  readonly title: string;
  readonly message: string;
  readonly markdown: boolean;
  readonly priority: PriorityDto;
  /** As typed: `warning, backup` (comma-separated, like ntfy's `Tags:` header). */
  readonly tags: string;
  readonly click: string;
  readonly attach: string;
  readonly filename: string;
  /** As typed: `30m`, `tomorrow 9am`, a Unix time. */
  readonly delay: string;
  readonly actions: readonly ActionDraft[];
}

export const emptySendDraft: SendDraft = {
  title: '',
  message: '',
  markdown: false,
  priority: 3,
  tags: '',
  click: '',
  attach: '',
  filename: '',
  delay: '',
  actions: [],
};

/** `"warning, backup ,"` → `['warning', 'backup']`. */
function splitTagInput(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/**
 * The tags as a message row will show them: gemoji short names as emoji (ntfy's clients map them the same way),
 * the rest as text.
 */
export function previewTags(text: string): { readonly emoji: readonly string[]; readonly labels: readonly string[] } {
  const emoji: string[] = [];
  const labels: string[] = [];
  for (const tag of splitTagInput(text)) {
    const mapped = Object.hasOwn(nameToEmoji, tag) ? nameToEmoji[tag] : undefined;
    if (mapped === undefined) labels.push(tag);
    else emoji.push(mapped);
  }
  return { emoji, labels };
}

function actionToDto(action: ActionDraft): PublishActionDto {
  const base = { action: action.kind, label: action.label.trim(), url: action.url.trim() };
  return action.kind === 'http' ? { ...base, method: action.method } : base;
}

/** The request for `topic`: empty fields are left out; the message is sent even when empty (ntfy says "triggered"). */
export function draftToPublishInput(draft: SendDraft, topic: SubscriptionRefDto): PublishInputDto {
  const optional = {
    title: draft.title.trim(),
    click: draft.click.trim(),
    attach: draft.attach.trim(),
    filename: draft.filename.trim(),
    delay: draft.delay.trim(),
  };
  const tags = splitTagInput(draft.tags);
  return {
    server: topic.server,
    topic: topic.topic,
    message: draft.message,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== '')),
    ...(draft.priority === 3 ? {} : { priority: draft.priority }),
    ...(tags.length === 0 ? {} : { tags }),
    ...(draft.markdown ? { markdown: true } : {}),
    ...(draft.actions.length === 0 ? {} : { actions: draft.actions.map(actionToDto) }),
  };
}
