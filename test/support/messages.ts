import type { NtfyMessage } from '../../main/core/protocol/types.ts';

/** A parsed message with sensible defaults, for tests that build messages by hand rather than receive them. */
export function makeMessage(fields: Partial<NtfyMessage> = {}): NtfyMessage {
  return {
    id: 'msg000000001',
    time: 1,
    topic: 'alerts',
    message: 'body',
    priority: 3,
    tags: [],
    actions: [],
    raw: {},
    ...fields,
  };
}
