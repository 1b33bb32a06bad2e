/**
 * From the settings file on disk to the settings to use and what (if anything) the store may write, in one of two
 * modes:
 * - `write` (the app, `login`, `logout`): a missing file is created, an older one upgraded, an unusable one moved
 *   aside and replaced by the defaults.
 * - `read` (commands that only read settings: `subscribe`, `publish`): the same judgement, but nothing on disk
 *   changes; no file is created, upgraded or moved aside, and the defaults or the upgrade live in memory only.
 *
 * In both modes a file from a newer version is left exactly as it is (see loadNewer).
 */
import { t } from '../../../../common/i18n/translate.ts';
import type { Logger } from '../../ports.ts';
import type { SettingsIssue } from './field-reader.ts';
import type { MigrateOptions } from './migrations.ts';
import { describeIssues, type NewerSettings } from './parse.ts';
import { defaultSettings, SETTINGS_VERSION, type Settings } from './schema.ts';
import { moveSettingsFileAside, readSettingsFile } from './settings-file.ts';
import type { SettingsLoadReport } from './settings-store.ts';

type LoadMode = 'write' | 'read';

interface LoadOptions {
  readonly path: string;
  readonly log: Logger;
  readonly mode: LoadMode;
  /** Milliseconds since the epoch, for the name of a moved-aside file. */
  readonly now?: () => number;
  /** Tests only: other migration steps. */
  readonly migrate?: MigrateOptions;
}

interface Loaded {
  readonly settings: Settings;
  readonly report: SettingsLoadReport;
  /** Write the settings now (created, upgraded, reset, normalized); never in `read` mode. */
  readonly needsWrite: boolean;
  /** Set when no change may ever be written: the issue every update is refused with. */
  readonly refusal?: SettingsIssue;
}

/** Why a change to a newer version's file is refused, in one sentence that says what to do. */
export function newerSettingsRefusal(path: string, version: number, supported: number = SETTINGS_VERSION): string {
  return t('system.settings.newer-refused', { path, version: String(version), supported: String(supported) });
}

/**
 * A file from a newer ntfy-tray is never rewritten or moved aside, whatever the mode: it holds what the newer version
 * knows, the user wants it back on upgrading again, and writing it in this version's shape would drop all that (or
 * make the newer version reset it as invalid). So its known fields are used when they are valid (a newer version
 * mostly adds keys), else the defaults, both in memory only; and every change is refused with a sentence that says
 * to update, rather than saved somewhere the newer version would not look.
 */
function loadNewer(options: LoadOptions, newer: NewerSettings): Loaded {
  const supported = options.migrate?.currentVersion ?? SETTINGS_VERSION;
  const words = { path: options.path, version: String(newer.version), supported: String(supported) };
  const refusal = { path: 'version', message: newerSettingsRefusal(options.path, newer.version, supported) };
  if (newer.known.ok) {
    options.log.log('warn', t('system.settings.newer-read', words), { path: options.path });
    return {
      settings: newer.known.settings,
      report: { kind: 'newer', version: newer.version, issues: [] },
      needsWrite: false,
      refusal,
    };
  }
  const { issues } = newer.known;
  options.log.log('warn', t('system.settings.newer-unreadable', { ...words, issues: describeIssues(issues) }), {
    path: options.path,
  });
  return {
    settings: defaultSettings(),
    report: { kind: 'newer', version: newer.version, issues },
    needsWrite: false,
    refusal,
  };
}

export function loadSettings(options: LoadOptions): Loaded {
  const { path, log, mode } = options;
  const writes = mode === 'write';
  const contents = readSettingsFile(path, options.migrate);
  if (!contents.exists) {
    log.log('info', writes ? 'no settings file yet; starting from defaults' : 'no settings file; using the defaults', {
      path,
    });
    return { settings: defaultSettings(), report: { kind: writes ? 'created' : 'missing' }, needsWrite: writes };
  }
  const { parsed } = contents;
  if (!parsed.ok && parsed.newer !== undefined) return loadNewer(options, parsed.newer);
  if (!parsed.ok && !writes) {
    log.log('warn', t('system.settings.unusable-read', { path, problem: parsed.problem.message }), {
      path,
      problem: parsed.problem.kind,
    });
    return { settings: defaultSettings(), report: { kind: 'unusable', problem: parsed.problem }, needsWrite: false };
  }
  if (!parsed.ok) {
    const backupPath = moveSettingsFileAside(path, parsed.problem.kind, (options.now ?? Date.now)());
    // The one line the user (or a bug report) needs: what was wrong, where the old file is, what happened.
    log.log(
      'warn',
      `settings file could not be used (${parsed.problem.message}); kept it as ${backupPath} and started from defaults`,
      { path, backupPath, problem: parsed.problem.kind },
    );
    return {
      settings: defaultSettings(),
      report: { kind: 'reset', problem: parsed.problem, backupPath },
      needsWrite: true,
    };
  }
  if (parsed.fromVersion !== SETTINGS_VERSION) {
    log.log('info', `settings upgraded from version ${parsed.fromVersion} to ${SETTINGS_VERSION}`, { path });
    return {
      settings: parsed.settings,
      report: { kind: 'migrated', fromVersion: parsed.fromVersion },
      needsWrite: writes,
    };
  }
  return { settings: parsed.settings, report: { kind: 'loaded' }, needsWrite: writes && parsed.needsWrite };
}
