/**
 * Message and event types as ntfy servers send them (docs/protocol.md#message-json). Field names are camelCase
 * here; `raw` keeps the object exactly as received, for `ntfy-tray subscribe --json` and the history's raw column.
 */

import type { ActionKind } from '../../../common/action-kinds.ts';
import type { NtfyAction, NtfyAttachment, NtfyMessage, Priority } from '../../../common/ntfy-types.ts';

/** Shared with the window's DTOs, which derive from them (common/ntfy-types.ts). */
export type { NtfyAction, NtfyAttachment, NtfyMessage, Priority };

/** `broadcast` is Android-only; `copy` comes from newer servers. Unknown kinds are dropped while parsing. */
export type { ActionKind };

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
