/**
 * ntfy's own types that the core parses and the window shows (docs/protocol.md#message-json): declared here, in
 * common/, so that main/core/protocol/types.ts and the window's DTOs (message-dto.ts, publish-input.ts) are one
 * definition. Type declarations only.
 */
import type { ActionKind } from './action-kinds.ts';
import type { CutField } from './message-cuts.ts';

export type Priority = 1 | 2 | 3 | 4 | 5;

export interface NtfyAction {
  readonly id: string;
  readonly action: ActionKind;
  readonly label: string;
  /** Close the notification after the action ran. Always present on the wire, may be false. */
  readonly clear: boolean;
  readonly url?: string;
  /** For `http` actions; absent means POST (the client default). */
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly intent?: string;
  readonly extras?: Readonly<Record<string, string>>;
  /** For `copy` actions (newer servers). */
  readonly value?: string;
}

export interface NtfyAttachment {
  readonly name: string;
  readonly url: string;
  /** Only for files uploaded to the server. */
  readonly type?: string;
  readonly size?: number;
  readonly expires?: number;
}

/** A `message` event: something to store and perhaps show. */
export interface NtfyMessage {
  readonly id: string;
  /** Newer servers: updates reuse the sequence id of the message they replace. */
  readonly sequenceId?: string;
  /** Unix seconds. */
  readonly time: number;
  /** Unix seconds; absent for `Cache: no` messages. */
  readonly expires?: number;
  readonly topic: string;
  readonly title?: string;
  /** Always non-empty; base64 of the body when `encoding` is `base64`. */
  readonly message: string;
  /** Omitted on the wire means 3. */
  readonly priority: Priority;
  readonly tags: readonly string[];
  readonly click?: string;
  readonly icon?: string;
  readonly actions: readonly NtfyAction[];
  readonly attachment?: NtfyAttachment;
  /** Only ever `text/markdown`. */
  readonly contentType?: string;
  /** Only ever `base64`. */
  readonly encoding?: string;
  /** The JSON object exactly as received. */
  readonly raw: Readonly<Record<string, unknown>>;
  /** Set once stored: the fields cut or left out to fit the history's bounds (store/history/stored-bounds.ts). */
  readonly cut?: readonly CutField[];
  /**
   * The JSON text exactly as the server sent it, without its line end (Go's `\u003c` escapes and field order kept),
   * for `ntfy-tray subscribe`'s JSON lines and `$NTFY_RAW`, as ntfy's CLI prints its `m.Raw`. Absent for a message
   * not read from a stream (history).
   */
  readonly rawText?: string;
}

/** The server-side filters of a subscription (docs/protocol.md#parameters). */
export interface SubscribeFilters {
  readonly id?: string;
  readonly message?: string;
  readonly title?: string;
  /** OR list: `1..5` or names such as `high`; sent comma-joined. */
  readonly priority?: readonly string[];
  /** AND list, exact; elements are not trimmed by the server, so we never add spaces. */
  readonly tags?: readonly string[];
}
