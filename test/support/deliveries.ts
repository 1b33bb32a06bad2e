/**
 * Waits on the history file of a data folder (history schema 6, main/core/store/subscriber.ts): a subscriber has
 * committed a delivery once its row is in `deliveries`, so a process killed after that has nothing of it to repeat.
 */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, vi } from 'vitest';

/** Resolves once `count` subscribers of `dataDir` (the app, command-line runs) have committed the delivery of `id`. */
export async function deliveriesCommitted(dataDir: string, id: string, count: number): Promise<void> {
  const db = new DatabaseSync(path.join(dataDir, 'history.sqlite'), { readOnly: true });
  try {
    await vi.waitFor(() => {
      expect(db.prepare('SELECT count(*) AS n FROM deliveries WHERE id = ?').get(id)?.['n']).toBe(count);
    }, 30_000);
  } finally {
    db.close();
  }
}
