/**
 * Issue 34 §6: no exported name without a user. scripts/unused-exports.ts resolves every import and re-export of
 * both TypeScript projects (tests included) with the compiler's checker; an export no other file imports is dead
 * weight (or a name that should be local) and fails here. Names only tests import are allowed: a rule exported so
 * that its test can reach it.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findUnusedExports } from '../../../scripts/unused-exports.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Exported on purpose though nothing imports them, each with its reason. */
const KEPT: Readonly<Record<string, string>> = {
  'main/desktop/electron-api.ts: ElectronExtrasFit': 'a compile-time check that the Electron slice fits Electron',
  'main/desktop/electron-notifier.ts: electronNotificationShows': 'a compile-time check of the Notification slice',
  'main/core/store/history/index.ts: PageCursor':
    "the history's public shapes re-exported whole (export type *); its users import it from types.ts",
};

describe('exported names', { timeout: 300_000 }, () => {
  it('each has a user in another file, except those kept on purpose', () => {
    const unused = findUnusedExports(ROOT)
      .filter((entry) => entry.usedBy === 'nobody')
      .map((entry) => `${entry.file}: ${entry.name}`);
    expect(unused.filter((key) => !(key in KEPT))).toEqual([]);
    expect(Object.keys(KEPT).filter((key) => !unused.includes(key))).toEqual([]);
  });
});
