/**
 * Which desktop notices the user dismissed, kept in a small state file of its own (`notices.json` in the data
 * folder) rather than in the settings: it is a fact about this machine's desktop, not a preference to export,
 * import or edit, and so it needs neither a settings field, nor a migration, nor a place in the settings view.
 */
import { readFile } from 'node:fs/promises';
import type { Logger } from '../ports.ts';
import { writeFileAtomic } from '../store/atomic-file.ts';
import { type DesktopNoticeId, isDesktopNoticeId } from './desktop-notices.ts';

export const NOTICE_DISMISSALS_FILE = 'notices.json';

interface DismissalsFile {
  readonly version: 1;
  readonly dismissed: readonly DesktopNoticeId[];
}

interface NoticeDismissalsOptions {
  /** Full path of the state file. */
  readonly file: string;
  readonly log: Logger;
}

export interface NoticeDismissals {
  /** The kept dismissals; none when the file is missing or unreadable (a notice shown again is the safe side). */
  read(): Promise<readonly DesktopNoticeId[]>;
  /** Replaces the file; writes are serialized, each through a temporary file and a rename. */
  write(ids: readonly DesktopNoticeId[]): Promise<void>;
}

function parseDismissals(text: string): readonly DesktopNoticeId[] | undefined {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const dismissed = (parsed as { dismissed?: unknown }).dismissed;
  if (!Array.isArray(dismissed)) return undefined;
  // Unknown ids (from a newer version) are skipped, not an error.
  return dismissed.filter(isDesktopNoticeId);
}

export function createNoticeDismissals(options: NoticeDismissalsOptions): NoticeDismissals {
  const { file, log } = options;
  let writing = Promise.resolve();
  return {
    async read() {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
          log.log('warn', 'could not read the dismissed notices', { error: String(error) });
        return [];
      }
      try {
        const ids = parseDismissals(text);
        if (ids !== undefined) return ids;
        log.log('warn', 'the dismissed notices file has an unexpected shape; ignoring it');
      } catch (error) {
        log.log('warn', 'the dismissed notices file is not JSON; ignoring it', { error: String(error) });
      }
      return [];
    },
    write(ids) {
      const content: DismissalsFile = { version: 1, dismissed: [...ids] };
      const next = writing.then(() => writeFileAtomic(file, `${JSON.stringify(content, null, 2)}\n`));
      // The next write waits for this one whether or not it worked; this caller still learns of a failure.
      writing = next.catch(() => undefined);
      return next;
    },
  };
}
