/** The messages as the window shows and pages them (IPC DTOs; see ipc-dto.ts). Type declarations only. */
import type { ActionKind } from './action-kinds.ts';
import type { NtfyAttachment, NtfyMessage, Priority } from './ntfy-types.ts';

/** ntfy's priorities (common/ntfy-types.ts). */
export type PriorityDto = Priority;

export interface MessageActionDto {
  readonly kind: ActionKind;
  readonly label: string;
  readonly url?: string;
  /** A copy action's text: the window shows what the button will copy before it is pressed. */
  readonly value?: string;
  /** An http action's method (POST when the publisher gave none), shown with the host before it runs. */
  readonly method?: string;
  readonly clear: boolean;
}

/** ntfy's attachment as the server describes it (common/ntfy-types.ts); `expires` in Unix seconds. */
export type AttachmentDto = NtfyAttachment;

/**
 * A stored message as the window shows it: ntfy's message (common/ntfy-types.ts) less what stays in main (`raw`,
 * `rawText`, `sequenceId`, `expires`), with its server, its tags split for showing, its actions as the window offers
 * them, and whether it was read. Every string is untrusted text: render it as text, never as HTML. `time` is Unix
 * seconds; `contentType` `text/markdown` means markdown (render it sanitized); `cut` says what was cut or left out to
 * fit the history's bounds (absent: nothing), for the detail to say.
 */
export interface MessageDto extends Pick<
  NtfyMessage,
  | 'id'
  | 'topic'
  | 'time'
  | 'title'
  | 'message'
  | 'priority'
  | 'tags'
  | 'click'
  | 'icon'
  | 'attachment'
  | 'contentType'
  | 'encoding'
  | 'cut'
> {
  readonly server: string;
  /** The tags split as ntfy's own clients show them: emoji for gemoji short names, the rest as labels. */
  readonly tagEmoji: readonly string[];
  readonly tagLabels: readonly string[];
  readonly actions: readonly MessageActionDto[];
  readonly read: boolean;
  /** Milliseconds since the epoch. */
  readonly receivedAt: number;
}

export interface SubscriptionRefDto {
  readonly server: string;
  readonly topic: string;
}

export interface MessageRefDto {
  readonly server: string;
  readonly id: string;
}

/** Keyset pagination: where the next page starts (opaque to the renderer). */
export interface PageCursorDto {
  readonly time: number;
  readonly rowid: number;
}

export interface MessageQuery {
  readonly subscription?: SubscriptionRefDto;
  readonly minPriority?: PriorityDto;
  readonly unreadOnly?: boolean;
  readonly limit?: number;
  readonly before?: PageCursorDto;
}

export interface MessagePageDto {
  readonly messages: readonly MessageDto[];
  readonly next?: PageCursorDto;
}

export interface TextSegmentDto {
  readonly text: string;
  readonly match: boolean;
}

export interface SearchQuery {
  readonly text: string;
  readonly subscription?: SubscriptionRefDto;
  readonly minPriority?: PriorityDto;
  readonly unreadOnly?: boolean;
  readonly limit?: number;
}

export interface SearchHitDto {
  readonly message: MessageDto;
  /** Plain-text runs; show `match` ones highlighted. */
  readonly titleSegments: readonly TextSegmentDto[];
  readonly messageSegments: readonly TextSegmentDto[];
}

export interface UnreadCountDto extends SubscriptionRefDto {
  readonly unread: number;
}
