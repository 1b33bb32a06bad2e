import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer rules of ARCHITECTURE.md are enforced by eslint.config.js; these tests prove the rule really fires
// on the files it guards (and only there), by linting source text as if it lived at a given path.
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImportMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layer boundaries', () => {
  it('rejects an electron import in main/core', async () => {
    const messages = await restrictedImportMessages(
      "import { app } from 'electron';\nexport const name = app.name;\n",
      'main/core/ports.ts',
    );
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

  it('allows an electron import in main/desktop', async () => {
    const messages = await restrictedImportMessages(
      "import { app } from 'electron';\nexport const name = app.name;\n",
      'main/index.ts',
    );
    expect(messages).toEqual([]);
  });

  it('rejects a renderer import of main/', async () => {
    const messages = await restrictedImportMessages(
      "import type { Clock } from '../main/core/ports.ts';\nexport type C = Clock;\n",
      'renderer/main.tsx',
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('must not import main/');
  });

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

  it('allows a renderer import of common/', async () => {
    const messages = await restrictedImportMessages(
      "import { APP_TRANSPORTS } from '../common/transports.ts';\nexport const kinds = APP_TRANSPORTS;\n",
      'renderer/main.tsx',
    );
    expect(messages).toEqual([]);
  });
});
