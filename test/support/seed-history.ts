/**
 * Fills a history database before the app opens it, as the engine stores what it read: in batches of 1,000, one
 * transaction each. Message n is `stored message n`, at Unix second 1_700_000_000 + n, so the newest is the last.
 */
import { SqliteHistoryStore } from '../../main/core/store/history/index.ts';
import { makeMessage } from './messages.ts';

const BATCH = 1_000;

export async function storeNumberedMessages(dataDir: string, server: string, count: number): Promise<void> {
  const history = await SqliteHistoryStore.open({ dataDir });
  try {
    for (let start = 0; start < count; start += BATCH) {
      const messages = Array.from({ length: Math.min(BATCH, count - start) }, (_, offset) => {
        const n = start + offset;
        const id = `seed${String(n).padStart(8, '0')}`;
        return makeMessage({ id, time: 1_700_000_000 + n, message: `stored message ${String(n)}`, raw: { id } });
      });
      await history.append({ server, messages, changes: [] });
    }
  } finally {
    await history.close();
  }
}
