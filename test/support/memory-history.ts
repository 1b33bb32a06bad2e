/**
 * HistoryStore in memory: dedupe by (server, id) and resume points, for tests. Appends are atomic by construction
 * (no await between check and write).
 */
import type { AppendRequest, AppendResult, HistoryStore, ResumePoint } from '../../main/core/ports.ts';
import type { NtfyMessage } from '../../main/core/protocol/types.ts';
import { movedResumePoint } from '../../main/core/protocol/resume-window.ts';

export class MemoryHistoryStore implements HistoryStore {
  readonly #seen = new Set<string>();
  readonly #resume = new Map<string, ResumePoint>();
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
    const resume = request.resume;
    for (const { key } of resume?.targets ?? []) {
      const next = resume === undefined ? undefined : movedResumePoint(this.#resume.get(key), resume);
      if (next !== undefined) this.#resume.set(key, next);
    }
    return Promise.resolve({ newMessages, newChanges });
  }

  unseen(request: Pick<AppendRequest, 'server' | 'messages' | 'changes'>): Promise<AppendResult> {
    const batch = new Set<string>();
    const isNew = (id: string): boolean => {
      const key = `${request.server}\n${id}`;
      if (this.#seen.has(key) || batch.has(key)) return false;
      batch.add(key);
      return true;
    };
    return Promise.resolve({
      newMessages: request.messages.filter((message) => isNew(message.id)),
      newChanges: request.changes.filter((change) => isNew(change.id)),
    });
  }

  getResumePoints(keys: readonly string[]): Promise<ReadonlyMap<string, ResumePoint>> {
    const found = new Map<string, ResumePoint>();
    for (const key of keys) {
      const point = this.#resume.get(key);
      if (point !== undefined) found.set(key, point);
    }
    return Promise.resolve(found);
  }

  /** Everything stored, in arrival order. */
  get messages(): readonly NtfyMessage[] {
    return this.#messages;
  }
}
