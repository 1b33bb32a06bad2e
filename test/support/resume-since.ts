/**
 * The `since` a connect sends to resume after `message` was stored: its time, the overlap before it
 * (docs/protocol.md#resuming). Undefined when there is no message.
 */
import { RESUME_OVERLAP_SECONDS } from '../../main/core/protocol/resume-window.ts';

export function resumeSinceOf(message: { readonly time: number } | undefined): string | undefined {
  return message === undefined ? undefined : String(message.time - RESUME_OVERLAP_SECONDS);
}
