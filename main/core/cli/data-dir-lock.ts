/**
 * `ntfy-tray subscribe` takes its data dir's subscriber lock (main/core/store/data-dir-lock.ts) and, when someone
 * else holds it, says who in words a user can act on. The caller exits with EXIT.fatal (1).
 */
import { type DataDirHolder, lockDataDir } from '../store/data-dir-lock.ts';

export type DataDirLock =
  { readonly ok: true; readonly release: () => void } | { readonly ok: false; readonly error: string };

/** Why a `subscribe` cannot use `dataDir` while `holder` (when known) holds it. */
export function describeBusyDataDir(dataDir: string, holder: DataDirHolder | undefined): string {
  if (holder?.kind === 'app') {
    return (
      `the ntfy Tray app is running and subscribes with ${dataDir}; \`ntfy-tray history\` shows what it ` +
      `received; quit it or give --data-dir`
    );
  }
  const pid = holder === undefined ? '' : ` (pid ${String(holder.pid)})`;
  return (
    `another ntfy-tray subscribe is already using the data dir ${dataDir}${pid}; two runs on one data dir would ` +
    `split the messages between them. Stop it, or give this run its own --data-dir.`
  );
}

export function lockDataDirForSubscribe(dataDir: string, pid: number): DataDirLock {
  const lock = lockDataDir({ dataDir, kind: 'subscribe', pid });
  if (lock.ok) return lock;
  return {
    ok: false,
    error:
      lock.reason === 'busy'
        ? describeBusyDataDir(dataDir, lock.holder)
        : `cannot lock the data dir ${dataDir}: ${lock.error}`,
  };
}
