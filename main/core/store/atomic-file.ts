/**
 * Replacing a small file in one step: the content goes to a temporary file beside it (same folder, so the same
 * file system), which a rename then puts in place. A reader, or the next start after a crash, finds the old file or
 * the new one, never half of either. A crash between the two steps leaves the old file and a stray
 * `<file>.<pid>.tmp` behind; a failed write or rename removes the temporary file and throws.
 */
import { rename, rm, writeFile } from 'node:fs/promises';

interface AtomicWriteOptions {
  /** The new file's permissions (e.g. 0o644); absent: the default less the umask. */
  readonly mode?: number;
  /**
   * Fault switch for tests: runs once the temporary file is complete, right before the rename (a test kills the
   * process there to prove the old file survives).
   */
  readonly beforeRename?: (temporary: string) => void | Promise<void>;
}

export async function writeFileAtomic(
  file: string,
  content: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const temporary = `${file}.${String(process.pid)}.tmp`;
  try {
    await writeFile(temporary, content, options.mode === undefined ? {} : { mode: options.mode });
    await options.beforeRename?.(temporary);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
