/**
 * The one SettingsStore implementation, over the conf adapter (conf-settings-store.ts), which supplies a
 * `SettingsFile`: where the file is and how to write it (conf's atomic write: temp file + rename).
 *
 * Loading: the file is read and judged here (JSON → migrations → validation) before the adapter opens it. A file
 * that cannot be used is moved aside, kept for the user, and replaced by defaults, with one warning in the log.
 * Settings then live in memory; every change is validated, written, and only then becomes current.
 */
import { resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Logger } from '../../ports.ts';
import { createSecretSafeLogger } from '../secrets/redact.ts';
import { applySettingsPatch } from './edits.ts';
import type { MigrateOptions } from './migrations.ts';
import { defaultSettings, SETTINGS_VERSION, type Settings } from './schema.ts';
import { moveSettingsFileAside, readSettingsFile, SettingsFileError } from './settings-file.ts';
import type {
  SettingsChange,
  SettingsListener,
  SettingsLoadReport,
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

export interface OpenSettingsStoreOptions {
  /** The file the adapter will open; read and checked here first. */
  readonly path: string;
  /** Called once the file is known to be absent or usable (so the adapter's own parsing never fails on it). */
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

interface Loaded {
  readonly settings: Settings;
  readonly report: SettingsLoadReport;
  readonly needsWrite: boolean;
}

function load(options: OpenSettingsStoreOptions, log: Logger): Loaded {
  const contents = readSettingsFile(options.path, options.migrate);
  if (!contents.exists) {
    log.log('info', 'no settings file yet; starting from defaults', { path: options.path });
    return { settings: defaultSettings(), report: { kind: 'created' }, needsWrite: true };
  }
  const { parsed } = contents;
  if (!parsed.ok) {
    const backupPath = moveSettingsFileAside(options.path, parsed.problem.kind, (options.now ?? Date.now)());
    // The one line the user (or a bug report) needs: what was wrong, where the old file is, what happened.
    log.log(
      'warn',
      `settings file could not be used (${parsed.problem.message}); kept it as ${backupPath} and started from defaults`,
      { path: options.path, backupPath, problem: parsed.problem.kind },
    );
    return {
      settings: defaultSettings(),
      report: { kind: 'reset', problem: parsed.problem, backupPath },
      needsWrite: true,
    };
  }
  if (parsed.fromVersion !== SETTINGS_VERSION) {
    log.log('info', `settings upgraded from version ${parsed.fromVersion} to ${SETTINGS_VERSION}`, {
      path: options.path,
    });
    return {
      settings: parsed.settings,
      report: { kind: 'migrated', fromVersion: parsed.fromVersion },
      needsWrite: true,
    };
  }
  return { settings: parsed.settings, report: { kind: 'loaded' }, needsWrite: parsed.needsWrite };
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
  #settings: Settings;
  /** Settles when the latest queued update has finished; each update starts after the one before. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: { file: SettingsFile; log: Logger; settings: Settings; loadReport: SettingsLoadReport }) {
    this.path = options.file.path;
    this.#file = options.file;
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

export function openSettingsStore(options: OpenSettingsStoreOptions): SettingsStore {
  const log = createSecretSafeLogger(options.log);
  const loaded = load(options, log);
  const file = options.openFile();
  if (resolve(file.path) !== resolve(options.path)) {
    // The adapter resolved its file somewhere else than the file that was checked: a wiring bug, not user data.
    throw new Error(`settings adapter opened ${file.path}, but ${options.path} was checked`);
  }
  // Fresh copies in memory: the validated value never shares objects with the defaults constant or the file.
  const settings = structuredClone(loaded.settings);
  if (loaded.needsWrite) write(file, settings);
  return new FileSettingsStore({ file, log, settings, loadReport: loaded.report });
}
