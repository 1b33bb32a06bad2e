/**
 * Child process for crash.test.ts: appends messages to the history as fast as it can, in batches with a cursor
 * each (as the engine does through a long catch-up). Prints `begin <n>` right before append n starts (its messages
 * are built by then) and `commit <n> <cursor id> <messages stored>` once it is stored. The test kills it with
 * SIGKILL somewhere in between.
 *
 * Usage: node crash-writer.ts <dataDir> <batchSize> <firstMessageNumber>
 */
import { SqliteHistoryStore } from '../../../../../main/core/store/history/index.ts';
import { sampleMessages } from './sample-messages.ts';

const [dataDir, batchArg, firstArg] = process.argv.slice(2);
if (dataDir === undefined || batchArg === undefined || firstArg === undefined) {
  throw new Error('usage: crash-writer.ts <dataDir> <batchSize> <firstMessageNumber>');
}
const batchSize = Number(batchArg);
let stored = Number(firstArg);
/** A safety stop should the test fail to kill it. */
const maxMessages = stored + 100_000;

/** Later batches (also of a later writer) are newer, as on a server: a resume point only moves forward in time. */
function startTimeOf(first: number): number {
  return 1_700_000_000 + first * 3; // sampleMessages steps 0-2 seconds per message
}

const store = await SqliteHistoryStore.open({ dataDir });
for (let batch = 1; stored < maxMessages; batch++) {
  const messages = sampleMessages({
    count: batchSize,
    firstId: stored,
    seed: stored + 1,
    startTime: startTimeOf(stored),
  });
  const lastId = messages.at(-1)?.id ?? '';
  process.stdout.write(`begin ${batch}\n`);
  await store.append({
    server: 'https://crash.example',
    messages,
    changes: [],
    resume: { targets: [{ key: 'crash', topic: 'crash' }], lastId, lastTime: messages.at(-1)?.time ?? 0 },
  });
  stored += batchSize;
  process.stdout.write(`commit ${batch} ${lastId} ${stored}\n`);
}
await store.close();
