/**
 * The members of Electron 45's `app` that exist on macOS or Windows only, as each system behaves:
 * - login items. macOS 13+ registers the app itself with SMAppService (type 'mainAppService'): macOS starts it at
 *   login with no arguments, `args` and `path` are Windows-only options it ignores, and `wasOpenedAtLogin` stays
 *   false (Electron PR #37244; Apple offers no way to tell an SMAppService login start, FB10207829). Windows writes
 *   a Run value under the AppUserModelId: `path` and `args` joined by spaces, unquoted.
 * - the Dock (macOS): hide/show/isVisible, recorded.
 */
import type { LoginItemSettings } from 'electron';
import type { StandInPlatform } from './platform.ts';
import { strict } from './strict.ts';

export interface LoginItemSettingsInput {
  readonly openAtLogin?: boolean;
  readonly type?: string;
  readonly serviceName?: string;
  readonly path?: string;
  readonly args?: readonly string[];
  readonly enabled?: boolean;
  readonly name?: string;
}

export interface LoginItemQuery {
  readonly type?: string;
  readonly serviceName?: string;
  readonly path?: string;
  readonly args?: readonly string[];
}

/** What the OS would start at login, for the test to start it the same way. */
export interface LoginItemsRecord {
  /** macOS: the app bundle registered with SMAppService (started with no arguments). */
  readonly macAppService: boolean;
  /** Windows: the Run key's values (name → command line, as Electron writes it). */
  readonly windowsRun: Readonly<Record<string, string>>;
}

const MAC_TYPES = new Set(['mainAppService', 'agentService', 'daemonService', 'loginItemService']);

export class LoginItemsStandIn {
  readonly #platform: StandInPlatform;
  #macAppService = false;
  readonly #windowsRun = new Map<string, string>();

  constructor(platform: StandInPlatform) {
    this.#platform = platform;
  }

  set(settings: LoginItemSettingsInput, defaultName: string): void {
    if (this.#platform === 'darwin') {
      const type = settings.type ?? 'mainAppService';
      if (!MAC_TYPES.has(type)) throw new Error(`setLoginItemSettings: unknown type '${type}'`);
      // Other service types need a helper bundle inside the app (serviceName); this app has none.
      if (type !== 'mainAppService') throw new Error(`setLoginItemSettings: no '${type}' in this app bundle`);
      this.#macAppService = settings.openAtLogin ?? false;
      return;
    }
    const name = settings.name ?? defaultName;
    if (settings.openAtLogin === true) {
      const command = [settings.path ?? process.execPath, ...(settings.args ?? [])].join(' ');
      this.#windowsRun.set(name, command);
    } else {
      this.#windowsRun.delete(name);
    }
  }

  /**
   * Only the fields Electron fills on this platform (macOS: openAtLogin, wasOpenedAtLogin, status; Windows:
   * openAtLogin, executableWillLaunchAtLogin, launchItems); reading another one throws (strict.ts).
   */
  get(query: LoginItemQuery = {}): LoginItemSettings {
    if (this.#platform === 'darwin') {
      const mac = {
        openAtLogin: this.#macAppService,
        wasOpenedAtLogin: false,
        status: this.#macAppService ? ('enabled' as const) : ('not-registered' as const),
      };
      return strict('getLoginItemSettings() on macOS', mac) as unknown as LoginItemSettings;
    }
    const program = query.path ?? process.execPath;
    const command = [program, ...(query.args ?? [])].join(' ');
    const values = [...this.#windowsRun.entries()];
    const windows = {
      openAtLogin: values.some(([, value]) => value === command),
      executableWillLaunchAtLogin: values.some(([, value]) => value.startsWith(program)),
      launchItems: values.map(([name, value]) => ({
        name,
        path: value,
        args: [] as string[],
        scope: 'user' as const,
        enabled: true,
      })),
    };
    return strict('getLoginItemSettings() on Windows', windows) as unknown as LoginItemSettings;
  }

  toRecord(): LoginItemsRecord {
    return { macAppService: this.#macAppService, windowsRun: Object.fromEntries(this.#windowsRun) };
  }
}

export interface DockStandIn {
  hide(): void;
  show(): Promise<void>;
  isVisible(): boolean;
}

export function createDock(): DockStandIn {
  let visible = true;
  return strict('app.dock', {
    hide: () => {
      visible = false;
    },
    show: () => {
      visible = true;
      return Promise.resolve();
    },
    isVisible: () => visible,
  });
}
