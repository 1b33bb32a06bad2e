/**
 * HistoryStore in memory: dedupe by (server, id) and cursors, for tests and for `ntfy-tray subscribe` until the
 * SQLite store lands. Appends are atomic by construction (no await between check and write).
 */
import type { AppendRequest, AppendResult, GroupCursor, HistoryStore } from '../ports.ts';
import type { NtfyMessage } from '../protocol/types.ts';

export class MemoryHistoryStore implements HistoryStore {
  readonly #seen = new Set<string>();
  readonly #cursors = new Map<string, GroupCursor>();
  readonly #messages: NtfyMessage[] = [];

  append(request: AppendRequest): Promise<AppendResult> {
    const isNew = (id: string): boolean => {
      const key = `${request.server}\n${id}`;
      if (this.#seen.has(key)) return false;
      this.#seen.add(key);
      return true;
    };
    const newMessages = request.messages.filter((message) => isNew(message.id));
    const newChanges = request.changes.filter((change) => isNew(change.id));
    this.#messages.push(...newMessages);
    if (request.cursor !== undefined) {
      const previous = this.#cursors.get(request.groupKey) ?? { topics: [] };
      const lastId = request.cursor.lastId ?? previous.lastId;
      const topics = request.cursor.topics ?? previous.topics;
      this.#cursors.set(request.groupKey, lastId === undefined ? { topics } : { lastId, topics });
    }
    return Promise.resolve({ newMessages, newChanges });
  }

  getCursor(groupKey: string): Promise<GroupCursor | undefined> {
    return Promise.resolve(this.#cursors.get(groupKey));
  }

  /** Everything stored, in arrival order. */
  get messages(): readonly NtfyMessage[] {
    return this.#messages;
  }
}
