import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer rules of ARCHITECTURE.md are enforced by eslint.config.js; these tests prove each rule really fires
// on the files it guards (and only there), by linting source text as if it lived at a given path. The paths are
// real files: type-aware linting refuses a path that no tsconfig includes.
const eslint = new ESLint({ cwd: process.cwd() });
/**
 * A budget for a stuck lint, not a speed check: the first lint of each tsconfig builds its typed program, which took
 * over 60 s (the default budget) at load 23 on the shared 2-core machine, and 13 s for the whole file when idle.
 */
const LINT_BUDGET = { timeout: 180_000 };

async function restrictedImportMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  // A parse or project error would leave no rule message at all and let an "allowed" case pass for nothing.
  expect(result?.messages.filter((m) => m.fatal === true)).toEqual([]);
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((m) => m.message);
}

const electronValue = "import { app } from 'electron';\nexport const name = app.name;\n";
const electronType = "import type { App } from 'electron';\nexport type A = App;\n";

describe('main/core', LINT_BUDGET, () => {
  it('rejects an electron import in main/core', async () => {
    const messages = await restrictedImportMessages(electronValue, 'main/core/ports.ts');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('main/core must run under plain Node');
  });

  it('rejects a type-only electron import in main/core', async () => {
    const messages = await restrictedImportMessages(electronType, 'main/core/ports.ts');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('main/core must run under plain Node');
  });

  it('rejects an electron subpath import in main/core', async () => {
    const messages = await restrictedImportMessages(
      "import { ipcRenderer } from 'electron/renderer';\nexport const r = ipcRenderer;\n",
      'main/core/ports.ts',
    );
    expect(messages).toHaveLength(1);
  });

  it.each([
    ['main/desktop/', "import { createTray } from '../../desktop/tray.ts';"],
    ['main/os/', "import type { LaunchAgent } from '../../os/launch-agent.ts';"],
    ['main/os/ (a subfolder)', "import { x } from '../../os/dbus/index.ts';"],
    ['preload/', "import { api } from '../../../preload/index.ts';"],
    ['main/desktop/ through the root', "import { x } from '../../../main/desktop/ipc.ts';"],
  ])('rejects an import of %s in main/core', async (_what, importLine) => {
    const messages = await restrictedImportMessages(
      `${importLine}\nexport const y = 1;\n`,
      'main/core/app/app-core.ts',
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('it imports neither main/desktop/, main/os/ nor preload/');
  });

  it('allows main/core to import common/, its own folders, Node built-ins (node:os) and packages', async () => {
    const code = [
      "import type { BridgeApi } from '../../../common/ipc.ts';",
      "import type { Clock } from '../ports.ts';",
      "import { tmpdir } from 'node:os';",
      "import { WebSocket } from 'ws';",
      'export type B = BridgeApi | Clock;',
      'export const t = [tmpdir, WebSocket];',
    ].join('\n');
    expect(await restrictedImportMessages(`${code}\n`, 'main/core/app/app-core.ts')).toEqual([]);
  });
});

describe('main/core/store and the server-URL rule', LINT_BUDGET, () => {
  it('rejects an import of the engine in main/core/store', async () => {
    const messages = await restrictedImportMessages(
      "import { groupSubscriptions } from '../../engine/groups.ts';\nexport const g = groupSubscriptions;\n",
      'main/core/store/history/queries.ts',
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('main/core/store is below the engine');
  });

  it('keeps the core-wide rules in main/core/store', async () => {
    const messages = await restrictedImportMessages(electronValue, 'main/core/store/history/queries.ts');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('main/core must run under plain Node');
  });

  it('rejects normalizeServerUrl through the engine in main/core/cli, and allows it from common/', async () => {
    const through = "import { normalizeServerUrl } from '../engine/groups.ts';\nexport const n = normalizeServerUrl;\n";
    const messages = await restrictedImportMessages(through, 'main/core/cli/stored-credentials.ts');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('normalizeServerUrl is common/server-url.ts');
    const direct =
      "import { normalizeServerUrl } from '../../../common/server-url.ts';\nexport const n = normalizeServerUrl;\n";
    expect(await restrictedImportMessages(direct, 'main/core/cli/stored-credentials.ts')).toEqual([]);
  });

  it('allows main/core/cli to use the engine for what it runs', async () => {
    const code = "import { groupSubscriptions } from '../engine/groups.ts';\nexport const g = groupSubscriptions;\n";
    expect(await restrictedImportMessages(code, 'main/core/cli/stored-credentials.ts')).toEqual([]);
  });
});

describe('main/core/cli on top of main/core/bridge and main/core/client-config', LINT_BUDGET, () => {
  it.each([
    [
      'main/core/bridge/',
      'main/core/bridge/client-config-requests.ts',
      "import { readFilters } from '../cli/filter-args.ts';",
    ],
    [
      'main/core/bridge/ (through core/)',
      'main/core/bridge/dispatch.ts',
      "import { x } from '../../core/cli/help.ts';",
    ],
    [
      'main/core/client-config/',
      'main/core/client-config/client-config-plan.ts',
      "import type { X } from '../cli/subscribe-args.ts';",
    ],
  ])('rejects an import of main/core/cli in %s', async (_where, filePath, importLine) => {
    const messages = await restrictedImportMessages(`${importLine}\nexport const y = 1;\n`, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('main/core/cli is the command line alone');
  });

  it('keeps the core-wide rules in main/core/bridge and main/core/client-config', async () => {
    for (const filePath of ['main/core/bridge/dispatch.ts', 'main/core/client-config/topic-url.ts']) {
      const messages = await restrictedImportMessages(electronValue, filePath);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toContain('main/core must run under plain Node');
    }
  });

  it('allows main/core/cli to import main/core/client-config, and the bridge its own folder and client-config', async () => {
    const cli = "import { parseTopicUrl } from '../client-config/topic-url.ts';\nexport const p = parseTopicUrl;\n";
    expect(await restrictedImportMessages(cli, 'main/core/cli/subscribe-args.ts')).toEqual([]);
    const bridge = [
      "import { parseTopicUrl } from '../client-config/topic-url.ts';",
      "import { ok } from './request-results.ts';",
      'export const p = [parseTopicUrl, ok];',
    ].join('\n');
    expect(await restrictedImportMessages(`${bridge}\n`, 'main/core/bridge/client-config-import.ts')).toEqual([]);
  });
});

describe('electron', LINT_BUDGET, () => {
  it.each([
    ['the Electron composition root', 'main/index.ts'],
    ['main/desktop/', 'main/desktop/tray.ts'],
    ['the preload script', 'preload/index.ts'],
  ])('allows an electron import in %s', async (_where, filePath) => {
    expect(await restrictedImportMessages(electronValue, filePath)).toEqual([]);
  });

  it.each([
    ['the headless composition root', 'main/cli.ts'],
    ['main/os/', 'main/os/autostart.ts'],
    ['the headless notifier', 'main/cli-notifications.ts'],
    ['a test', 'test/electron-runtime/session.ts'],
    ['a script', 'scripts/build.ts'],
  ])('rejects an electron value import in %s', async (_where, filePath) => {
    const messages = await restrictedImportMessages(electronValue, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('elsewhere import its types only');
  });

  it('rejects an electron subpath value import outside the Electron side', async () => {
    const messages = await restrictedImportMessages(
      "import { app } from 'electron/main';\nexport const name = app.name;\n",
      'main/cli.ts',
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('elsewhere import its types only');
  });

  it.each([
    ['main/os/', 'main/os/autostart.ts'],
    ['a test', 'test/electron-runtime/session.ts'],
  ])('allows a type-only electron import in %s', async (_where, filePath) => {
    expect(await restrictedImportMessages(electronType, filePath)).toEqual([]);
  });
});

describe('common/', LINT_BUDGET, () => {
  it.each([
    ['another layer', "import { normalizeServerUrl } from '../main/core/engine/groups.ts';"],
    ['a Node module', "import { createHash } from 'node:crypto';"],
    ['a bare Node module', "import { EventEmitter } from 'events';"],
    ['Electron', "import { app } from 'electron';"],
    ['a package', "import { parse } from 'yaml';"],
  ])('rejects an import of %s in common/', async (_what, importLine) => {
    const messages = await restrictedImportMessages(`${importLine}\nexport const x = 1;\n`, 'common/transports.ts');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('common/ is shared by main, preload and renderer');
  });

  it('allows an import of a sibling in common/', async () => {
    const messages = await restrictedImportMessages(
      "import { systemClock } from './clock.ts';\nexport const clock = systemClock;\n",
      'common/transports.ts',
    );
    expect(messages).toEqual([]);
  });
});

describe('renderer/', LINT_BUDGET, () => {
  it.each([
    ['main/', "import type { Clock } from '../main/core/ports.ts';"],
    ['preload/', "import { api } from '../preload/index.ts';"],
    ['Electron', "import { ipcRenderer } from 'electron';"],
    ["Electron's types", "import type { IpcRenderer } from 'electron';"],
    ['an Electron subpath', "import { ipcRenderer } from 'electron/renderer';"],
  ])('rejects a renderer import of %s', async (_what, importLine) => {
    const messages = await restrictedImportMessages(`${importLine}\nexport const y = 1;\n`, 'renderer/main.tsx');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('it imports common/');
  });

  it('allows a renderer import of common/, of its own files and of packages', async () => {
    const code = [
      "import { APP_TRANSPORTS } from '../common/transports.ts';",
      "import { findBridge } from './bridge.ts';",
      "import { createRoot } from 'react-dom/client';",
      'export const kinds = [APP_TRANSPORTS, findBridge, createRoot];',
    ].join('\n');
    expect(await restrictedImportMessages(`${code}\n`, 'renderer/main.tsx')).toEqual([]);
  });
});
