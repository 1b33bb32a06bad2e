/**
 * One-time move from the interim `cursors.json` (the CLI's resume points before the SQLite history existed) into
 * the history database, so an upgraded `ntfy-tray subscribe` resumes where the old one stopped. The old file is
 * renamed, not deleted, in case the user wants to look at it.
 */
import { readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { GroupCursor, HistoryStore, Logger } from '../ports.ts';

export async function importCursorFile(options: {
  readonly dataDir: string;
  readonly history: HistoryStore;
  readonly log: Logger;
}): Promise<number> {
  const file = path.join(options.dataDir, 'cursors.json');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let cursors: Readonly<Record<string, GroupCursor>> = {};
  try {
    const parsed = JSON.parse(text) as { cursors?: Record<string, GroupCursor> };
    cursors = parsed.cursors ?? {};
  } catch (error) {
    options.log.log('warn', 'the old cursors.json is unreadable; starting without it', { error: String(error) });
  }
  let imported = 0;
  for (const [groupKey, cursor] of Object.entries(cursors)) {
    if ((await options.history.getCursor(groupKey)) !== undefined) continue; // the database already knows better
    const server = groupKey.split(' ')[0] ?? '';
    await options.history.append({ server, groupKey, messages: [], changes: [], cursor });
    imported++;
  }
  await rename(file, `${file}.imported`);
  options.log.log('info', 'moved resume points from cursors.json into the history database', { imported });
  return imported;
}
