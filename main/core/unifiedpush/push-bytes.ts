/**
 * A push message back to the bytes its app server published: ntfy sends a UnifiedPush body that is not UTF-8 as
 * base64 with `encoding: base64` (docs/protocol.md#what-up1-does-on-ntfy). A push message is 1 to 4096 bytes
 * (dbus.md "Resources"); anything larger comes from a server that does not keep to it and is not handed on.
 */
import type { NtfyMessage } from '../protocol/types.ts';

export const MAX_PUSH_BYTES = 4096;

export function pushBytesOf(message: Pick<NtfyMessage, 'message' | 'encoding'>): Buffer | undefined {
  const bytes =
    message.encoding === 'base64' ? Buffer.from(message.message, 'base64') : Buffer.from(message.message, 'utf8');
  return bytes.length > MAX_PUSH_BYTES ? undefined : bytes;
}
