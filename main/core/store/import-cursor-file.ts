/**
 * One-time move from the interim `cursors.json` (the CLI's resume points before the SQLite history existed) into
 * the history database, so an upgraded `ntfy-tray subscribe` resumes where the old one stopped. The old file is
 * renamed, not deleted, in case the user wants to look at it.
 */
import { readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { HistoryStore, Logger } from '../ports.ts';
import { isNtfyMessageId } from '../protocol/resume-key.ts';
import { type LegacyCursor, resumePointsOfLegacyCursor } from './history/legacy-cursors.ts';

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
  let cursors: Readonly<Record<string, LegacyCursor>> = {};
  try {
    const parsed = JSON.parse(text) as { cursors?: Record<string, LegacyCursor> };
    cursors = parsed.cursors ?? {};
  } catch (error) {
    options.log.log('warn', 'the old cursors.json is unreadable; starting without it', { error: String(error) });
  }
  let imported = 0;
  for (const [groupKey, cursor] of Object.entries(cursors)) {
    if (!Array.isArray(cursor.topics)) continue;
    for (const point of resumePointsOfLegacyCursor(groupKey, cursor)) {
      if (point.lastId === undefined || !isNtfyMessageId(point.lastId)) continue;
      if ((await options.history.getResumePoints([point.key])).has(point.key)) continue; // the database knows better
      await options.history.append({
        server: point.server,
        messages: [],
        changes: [],
        resume: { targets: [{ key: point.key, topic: point.topic }], lastId: point.lastId },
      });
      imported++;
    }
  }
  await rename(file, `${file}.imported`);
  options.log.log('info', 'moved resume points from cursors.json into the history database', { imported });
  return imported;
}
