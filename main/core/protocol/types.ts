/**
 * Message and event types as ntfy servers send them (docs/protocol.md#message-json). Field names are camelCase
 * here; `raw` keeps the object exactly as received, for `ntfy-tray subscribe --json` and the history's raw column.
 */

import type { ActionKind } from '../../../common/action-kinds.ts';
import type { CutField } from '../../../common/message-cuts.ts';

export type Priority = 1 | 2 | 3 | 4 | 5;

/** `broadcast` is Android-only; `copy` comes from newer servers. Unknown kinds are dropped while parsing. */
export type { ActionKind };

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

/** `message_delete` / `message_clear` from newer servers: they target an earlier message by sequence id. */
export interface NtfyMessageChange {
  readonly kind: 'message_delete' | 'message_clear';
  readonly id: string;
  readonly sequenceId: string;
  readonly time: number;
  readonly topic: string;
  readonly raw: Readonly<Record<string, unknown>>;
  /** As NtfyMessage.rawText. */
  readonly rawText?: string;
}

/** What one parsed stream item means to the engine. */
type StreamEvent =
  | { readonly type: 'message'; readonly message: NtfyMessage }
  | { readonly type: 'change'; readonly change: NtfyMessageChange }
  /** open, keepalive, poll_request: proof that the connection is alive, nothing to deliver. */
  | {
      readonly type: 'liveness';
      readonly event: 'open' | 'keepalive' | 'poll_request';
      /** Server time, Unix seconds: on `open` it tells replayed messages (older) from live ones. */
      readonly time?: number;
    }
  /** An event kind this client does not know: ignored, never fatal. */
  | { readonly type: 'unknown'; readonly event: string };

/** A stream item that could not be understood: logged and skipped, the connection lives on. */
interface ParseFailure {
  readonly type: 'invalid';
  readonly reason: string;
}

export type ParseResult = StreamEvent | ParseFailure;
