/**
 * The one SettingsStore implementation, over the conf adapter (conf-settings-store.ts), which supplies a
 * `SettingsFile`: where the file is and how to write it (conf's atomic write: temp file + rename); and the read-only
 * SettingsReader for commands that only read settings, which never opens the adapter.
 *
 * Loading (load-settings.ts): the file is read and judged (JSON → migrations → validation) before the adapter opens
 * it. A file that cannot be used is moved aside, kept for the user, and replaced by defaults, with one warning in
 * the log; a file from a newer version is never touched. Settings then live in memory; every change is validated,
 * written, and only then becomes current.
 */
import { resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Logger } from '../../ports.ts';
import { createSecretSafeLogger } from '../secrets/redact.ts';
import { applySettingsPatch } from './edits.ts';
import type { SettingsIssue } from './field-reader.ts';
import { loadSettings } from './load-settings.ts';
import type { MigrateOptions } from './migrations.ts';
import type { Settings } from './schema.ts';
import { SettingsFileError } from './settings-file.ts';
import type {
  SettingsChange,
  SettingsListener,
  SettingsLoadReport,
  SettingsReader,
  SettingsStore,
  SettingsUpdateResult,
} from './settings-store.ts';
import { validateSettings } from './validate.ts';

/** The seam the conf adapter fills (and tests fill with their own files). */
export interface SettingsFile {
  readonly path: string;
  /** Replaces the whole file; throws on I/O failure. */
  write(settings: Settings): void;
}

interface OpenSettingsStoreOptions {
  /** The file the adapter will open; read and checked here first. */
  readonly path: string;
  /**
   * Called once the file is known to be absent or usable (so the adapter's own parsing never fails on it); never for
   * a newer version's file, which no adapter gets to open.
   */
  readonly openFile: () => SettingsFile;
  readonly log: Logger;
  /** Milliseconds since the epoch, for the name of a moved-aside file. */
  readonly now?: () => number;
  /** Tests only: other migration steps. */
  readonly migrate?: MigrateOptions;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

function write(file: SettingsFile, settings: Settings): void {
  try {
    file.write(settings);
  } catch (error) {
    throw new SettingsFileError({ path: file.path, operation: 'write', cause: error });
  }
}

class FileSettingsStore implements SettingsStore {
  readonly path: string;
  readonly loadReport: SettingsLoadReport;
  readonly #file: SettingsFile;
  readonly #log: Logger;
  readonly #listeners = new Set<SettingsListener>();
  /** Set over a newer version's file: every change is refused with it, and nothing is written. */
  readonly #refusal: SettingsIssue | undefined;
  #settings: Settings;
  /** Settles when the latest queued update has finished; each update starts after the one before. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: {
    file: SettingsFile;
    log: Logger;
    settings: Settings;
    loadReport: SettingsLoadReport;
    refusal: SettingsIssue | undefined;
  }) {
    this.path = options.file.path;
    this.#file = options.file;
    this.#refusal = options.refusal;
    this.#log = options.log;
    this.#settings = deepFreeze(options.settings);
    this.loadReport = options.loadReport;
  }

  get(): Settings {
    return this.#settings;
  }

  update(change: SettingsChange): Promise<SettingsUpdateResult> {
    const result = this.#queue.then(() => this.#apply(change));
    // Only ordering matters to the queue; the outcome, error included, reaches the caller through `result`.
    this.#queue = result.catch(() => undefined);
    return result;
  }

  onChange(listener: SettingsListener): () => void {
    // Wrapped so that subscribing the same function twice gives two independent subscriptions.
    const entry: SettingsListener = (next, previous) => {
      listener(next, previous);
    };
    this.#listeners.add(entry);
    return () => {
      this.#listeners.delete(entry);
    };
  }

  async #apply(change: SettingsChange): Promise<SettingsUpdateResult> {
    if (this.#refusal !== undefined) return { ok: false, issues: [this.#refusal] };
    const previous = this.#settings;
    const proposed = typeof change === 'function' ? await change(previous) : applySettingsPatch(previous, change);
    const validation = validateSettings(proposed);
    if (!validation.ok) return { ok: false, issues: validation.issues };
    if (isDeepStrictEqual(validation.settings, previous)) return { ok: true, settings: previous, changed: false };

    try {
      write(this.#file, validation.settings);
    } catch (error) {
      this.#log.log('error', 'settings not saved', { path: this.path, error });
      throw error;
    }
    const next = deepFreeze(validation.settings);
    this.#settings = next;
    for (const listener of this.#listeners) {
      try {
        listener(next, previous);
      } catch (error) {
        // One failing listener must not keep the others from hearing about the change.
        this.#log.log('error', 'settings listener failed', { error });
      }
    }
    return { ok: true, settings: next, changed: true };
  }
}

/** Never written: the store over a newer version's file has no adapter behind it (conf is never opened on it). */
function unwritableFile(path: string): SettingsFile {
  return {
    path,
    write() {
      throw new Error(`${path} is from a newer version and is never written`);
    },
  };
}

export function openSettingsStore(options: OpenSettingsStoreOptions): SettingsStore {
  const log = createSecretSafeLogger(options.log);
  const loaded = loadSettings({ ...options, log, mode: 'write' });
  // Fresh copies in memory: the validated value never shares objects with the defaults constant or the file.
  const settings = structuredClone(loaded.settings);
  const { refusal } = loaded;
  if (refusal !== undefined) {
    return new FileSettingsStore({
      file: unwritableFile(options.path),
      log,
      settings,
      loadReport: loaded.report,
      refusal,
    });
  }
  const file = options.openFile();
  if (resolve(file.path) !== resolve(options.path)) {
    // The adapter resolved its file somewhere else than the file that was checked: a wiring bug, not user data.
    throw new Error(`settings adapter opened ${file.path}, but ${options.path} was checked`);
  }
  if (loaded.needsWrite) write(file, settings);
  return new FileSettingsStore({ file, log, settings, loadReport: loaded.report, refusal: undefined });
}

type ReadSettingsOptions = Pick<OpenSettingsStoreOptions, 'path' | 'log' | 'migrate'>;

/** The settings for a command that only reads them: nothing is created, upgraded on disk, moved aside or written. */
export function readSettingsOnly(options: ReadSettingsOptions): SettingsReader {
  const log = createSecretSafeLogger(options.log);
  const loaded = loadSettings({ ...options, log, mode: 'read' });
  const settings = deepFreeze(structuredClone(loaded.settings));
  return { path: options.path, loadReport: loaded.report, get: () => settings };
}
