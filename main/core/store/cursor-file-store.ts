/**
 * Interim HistoryStore for `ntfy-tray subscribe --data-dir`: cursors and recently seen ids in one JSON file,
 * replaced atomically (write to a temp file, then rename). The SQLite history replaces it.
 *
 * Writes are coalesced (at most one per `flushDelayMs`) so a burst of thousands of messages is not thousands of
 * file writes; the file therefore lags by up to that delay. A lagging cursor is the safe direction: after a crash
 * the server replays a little, and the persisted seen-ids drop what was already delivered. `close()` writes now.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppendRequest, AppendResult, GroupCursor, HistoryStore } from '../ports.ts';

interface FileContents {
  readonly version: 1;
  readonly cursors: Record<string, GroupCursor>;
  /** Per server: the newest ids, oldest first. */
  readonly seen: Record<string, string[]>;
}

/** Enough to cover any replay after a crash (the file lags by well under a second of messages). */
const SEEN_IDS_KEPT = 5000;

export class CursorFileStore implements HistoryStore {
  readonly #path: string;
  readonly #flushDelayMs: number;
  #cursors = new Map<string, GroupCursor>();
  #seen = new Map<string, Set<string>>();
  #dirty = false;
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();
  /** A failed write is reported by `close()` (and retried by the next write), never left unhandled. */
  #writeError: Error | undefined;

  private constructor(path: string, flushDelayMs: number) {
    this.#path = path;
    this.#flushDelayMs = flushDelayMs;
  }

  static async open(options: { readonly dataDir: string; readonly flushDelayMs?: number }): Promise<CursorFileStore> {
    await mkdir(options.dataDir, { recursive: true });
    const store = new CursorFileStore(join(options.dataDir, 'cursors.json'), options.flushDelayMs ?? 200);
    await store.#load();
    return store;
  }

  async #load(): Promise<void> {
    let text: string;
    try {
      text = await readFile(this.#path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    const parsed = JSON.parse(text) as Partial<FileContents>;
    if (parsed.version !== 1) throw new Error(`${this.#path}: unknown format version ${String(parsed.version)}`);
    this.#cursors = new Map(Object.entries(parsed.cursors ?? {}));
    this.#seen = new Map(Object.entries(parsed.seen ?? {}).map(([server, ids]) => [server, new Set(ids)]));
  }

  append(request: AppendRequest): Promise<AppendResult> {
    const seen = this.#seen.get(request.server) ?? new Set<string>();
    this.#seen.set(request.server, seen);
    const isNew = (id: string): boolean => {
      if (seen.has(id)) return false;
      seen.add(id);
      if (seen.size > SEEN_IDS_KEPT) {
        const oldest = seen.values().next();
        if (oldest.done !== true) seen.delete(oldest.value);
      }
      return true;
    };
    const newMessages = request.messages.filter((message) => isNew(message.id));
    const newChanges = request.changes.filter((change) => isNew(change.id));
    if (request.cursor !== undefined) {
      const previous = this.#cursors.get(request.groupKey) ?? { topics: [] };
      const lastId = request.cursor.lastId ?? previous.lastId;
      const topics = request.cursor.topics ?? previous.topics;
      this.#cursors.set(request.groupKey, lastId === undefined ? { topics } : { lastId, topics });
    }
    this.#scheduleWrite();
    return Promise.resolve({ newMessages, newChanges });
  }

  getCursor(groupKey: string): Promise<GroupCursor | undefined> {
    return Promise.resolve(this.#cursors.get(groupKey));
  }

  /** Writes what is pending now and waits for it. */
  async close(): Promise<void> {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#dirty) this.#write();
    await this.#writing;
    if (this.#writeError !== undefined) throw this.#writeError;
  }

  #scheduleWrite(): void {
    this.#dirty = true;
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#write();
    }, this.#flushDelayMs);
  }

  #write(): void {
    this.#dirty = false;
    const contents: FileContents = {
      version: 1,
      cursors: Object.fromEntries(this.#cursors),
      seen: Object.fromEntries([...this.#seen].map(([server, ids]) => [server, [...ids]])),
    };
    const temporary = `${this.#path}.${process.pid}.tmp`;
    this.#writing = this.#writing.then(async () => {
      try {
        await writeFile(temporary, `${JSON.stringify(contents)}\n`, { mode: 0o600 });
        await rename(temporary, this.#path);
        this.#writeError = undefined;
      } catch (error) {
        this.#writeError = error instanceof Error ? error : new Error(String(error));
        this.#dirty = true;
      }
    });
  }
}
