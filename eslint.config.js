// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Layer boundaries from ARCHITECTURE.md: the core runs under plain Node, the renderer only sees window.ntfy. */
const noElectronInCore = {
  name: 'electron',
  message: 'main/core must run under plain Node: put Electron code in main/desktop and pass it in through a port.',
};

const commonImportsNothing =
  'common/ is shared by main, preload and renderer: it imports only files of common/ (no Node, Electron or package).';

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
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [noElectronInCore], patterns: [{ group: ['electron/*'], message: noElectronInCore.message }] },
      ],
    },
  },
  {
    // common/ holds what main, preload and renderer share (common/README.md): it must run in any of them.
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
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
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The renderer talks only to window.ntfy (preload/contract.ts).' }],
          patterns: [
            {
              regex: '(^|/)main(/|$)',
              message: 'The renderer must not import main/: share types through preload/contract.ts only.',
            },
          ],
        },
      ],
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  prettier,
);
