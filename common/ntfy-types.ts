/**
 * ntfy's own types that the core parses and the window shows (docs/protocol.md#message-json): declared here, in
 * common/, so that main/core/protocol/types.ts and the window's DTOs (message-dto.ts, publish-input.ts) are one
 * definition. Type declarations only.
 */
import type { ActionKind } from './action-kinds.ts';

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
