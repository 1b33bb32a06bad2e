// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Layer boundaries from docs/architecture.md, each proven to fire by test/unit/lint-boundaries.test.ts. One rule name
 * (the typescript-eslint one, for `allowTypeImports`) and disjoint file sets, because a later config block that sets
 * the same rule replaces the options of an earlier one instead of adding to them.
 */
const noImports = '@typescript-eslint/no-restricted-imports';

/** The only files that load Electron at run time: the Electron composition root, its adapters, and the preload. */
const electronSide = ['main/index.ts', 'main/desktop/**', 'preload/index.ts'];

const noElectronInCore = {
  name: 'electron',
  message: 'main/core must run under plain Node: put Electron code in main/desktop and pass it in through a port.',
};

const coreImportsNoAdapters =
  'main/core runs under both roots and plain Node: it imports neither main/desktop/, main/os/ nor preload/. ' +
  'Adapters come in through the ports (main/core/ports.ts); what the preload shares with the core lives in common/.';

const storeBelowEngine =
  'main/core/store is below the engine and imports nothing of it; a rule both need (server URLs, topic names) lives ' +
  'in common/.';

const cliOnTop =
  'main/core/cli is the command line alone: main/core/bridge and main/core/client-config import nothing of it. What ' +
  'the CLI shares with the client.yml import (topic URLs, filters, credential text, the client.yml plan) lives in ' +
  'main/core/client-config/, which the CLI imports, never the other way round (so no import cycle between them).';

const serverUrlFromCommon = 'normalizeServerUrl is common/server-url.ts: import it from there, not through the engine.';

/** main/core/cli through a relative path: `../cli/x.ts`, `../../core/cli/x.ts`. */
const cliImport = { regex: '^\\.\\.?/(\\.\\./)*(main/)?(core/)?cli(/|$)', message: cliOnTop };

/** The folders below the CLI (cliOnTop). */
const belowCli = ['main/core/bridge/**/*.ts', 'main/core/client-config/**/*.ts'];

/** What every file of main/core obeys. */
const corePatterns = [
  { group: ['electron/*'], message: noElectronInCore.message },
  // Relative paths only (`node:os` is fine): `../../desktop/x.ts`, `../../../preload/x.ts`, ….
  { regex: '^\\.\\.?/(\\.\\./)*(main/)?(desktop|os|preload)(/|$)', message: coreImportsNoAdapters },
  // One home for the server-URL rule, so that no layer (the CLI, the bridge) imports the engine just to key by server.
  { regex: '(^|/)engine/', importNames: ['normalizeServerUrl'], message: serverUrlFromCommon },
];

const commonImportsNothing =
  'common/ is shared by main, preload and renderer: it imports only files of common/ (no Node, Electron or package).';

const electronTypesOnly =
  'Only main/index.ts, main/desktop/ and preload/index.ts load Electron; elsewhere import its types only (import type).';

const rendererImportsCommon =
  'The renderer talks only to window.ntfy: it imports common/ (the IPC contract, shared rules), never main/ or preload/.';

export default defineConfig(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'release/',
      'test-results/',
      'test-reports/',
      'playwright-report/',
      'bench/results/',
      '.tmp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
    },
  },
  {
    files: ['main/core/**/*.ts'],
    ignores: ['main/core/store/**', ...belowCli],
    rules: { [noImports]: ['error', { paths: [noElectronInCore], patterns: corePatterns }] },
  },
  {
    // The window's requests and the client.yml reading sit below the CLI (cliOnTop).
    files: belowCli,
    rules: { [noImports]: ['error', { paths: [noElectronInCore], patterns: [...corePatterns, cliImport] }] },
  },
  {
    // The store sits below the engine: the engine writes to it, never the other way round.
    files: ['main/core/store/**/*.ts'],
    rules: {
      [noImports]: [
        'error',
        {
          paths: [noElectronInCore],
          patterns: [...corePatterns, { regex: '^\\.\\./(\\.\\./)*engine(/|$)', message: storeBelowEngine }],
        },
      ],
    },
  },
  {
    // common/ holds what main, preload and renderer share (common/README.md): it must run in any of them.
    files: ['common/**/*.ts'],
    rules: {
      [noImports]: [
        'error',
        {
          // Only siblings (`./x.ts`): no `../`, no Node module, no Electron, no package (no runtime dependency).
          patterns: [{ regex: '^(?!\\./)', message: commonImportsNothing }],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      [noImports]: [
        'error',
        {
          paths: [{ name: 'electron', message: rendererImportsCommon }],
          patterns: [
            { group: ['electron/*'], message: rendererImportsCommon },
            { regex: '(^|/)(main|preload)(/|$)', message: rendererImportsCommon },
          ],
        },
      ],
    },
  },
  {
    // Everywhere else (the headless root, main/os, the bridge contract, tests, scripts): Electron's types only, so
    // nothing of Electron loads under plain Node; the test Electron runtime (test/electron-runtime/) relies on this.
    files: ['**/*.{ts,tsx}'],
    ignores: [...electronSide, 'main/core/**', 'common/**', 'renderer/**'],
    rules: {
      [noImports]: [
        'error',
        {
          paths: [{ name: 'electron', message: electronTypesOnly, allowTypeImports: true }],
          patterns: [{ group: ['electron/*'], message: electronTypesOnly, allowTypeImports: true }],
        },
      ],
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  prettier,
);
