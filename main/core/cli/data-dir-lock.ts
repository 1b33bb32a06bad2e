/**
 * `ntfy-tray subscribe` takes its data dir's subscriber lock (main/core/store/data-dir-lock.ts) and, when someone
 * else holds it, says who in words a user can act on. The caller exits with EXIT.fatal (1).
 */
import { t } from '../../../common/i18n/translate.ts';
import { type DataDirHolder, lockDataDir } from '../store/data-dir-lock.ts';

export type DataDirLock =
  { readonly ok: true; readonly release: () => void } | { readonly ok: false; readonly error: string };

/** Why a `subscribe` cannot use `dataDir` while `holder` (when known) holds it. */
export function describeBusyDataDir(dataDir: string, holder: DataDirHolder | undefined): string {
  if (holder?.kind === 'app') {
    return t('cli.data-dir.app-running', { dir: dataDir });
  }
  // The pid stays as the OS prints it (no digit grouping): people copy it into `kill`.
  return holder === undefined
    ? t('cli.data-dir.busy', { dir: dataDir })
    : t('cli.data-dir.busy-pid', { dir: dataDir, pid: String(holder.pid) });
}

export function lockDataDirForSubscribe(dataDir: string, pid: number): DataDirLock {
  const lock = lockDataDir({ dataDir, kind: 'subscribe', pid });
  if (lock.ok) return lock;
  return {
    ok: false,
    error:
      lock.reason === 'busy'
        ? describeBusyDataDir(dataDir, lock.holder)
        : t('cli.data-dir.lock-failed', { dir: dataDir, reason: lock.error }),
  };
}
