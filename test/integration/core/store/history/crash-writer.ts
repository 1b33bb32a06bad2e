/**
 * Child process for crash.test.ts: appends messages to the history as fast as it can, in batches with a cursor
 * each (as the engine does through a long catch-up). Prints `begin <n>` right before append n starts (its messages
 * are built by then) and `commit <n> <cursor id> <messages stored>` once it is stored. The test kills it with
 * SIGKILL somewhere in between.
 *
 * Usage: node crash-writer.ts <dataDir> <batchSize> <firstMessageNumber> [hold-before-commit]
 *
 * The fault switch `hold-before-commit` stops the writer at a known point inside its first transaction: every
 * message is written, COMMIT is next. It prints `holding <n>` and blocks there until it is killed.
 */
import { writeSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { SqliteHistoryStore } from '../../../../../main/core/store/history/index.ts';
import { sampleMessages } from './sample-messages.ts';

const [dataDir, batchArg, firstArg, fault] = process.argv.slice(2);
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

let batch = 0;
if (fault === 'hold-before-commit') {
  // The one place every append commits (transaction.ts) runs db.exec('COMMIT'); the switch holds right before it.
  const exec = DatabaseSync.prototype.exec; // eslint-disable-line @typescript-eslint/unbound-method
  DatabaseSync.prototype.exec = function holdBeforeCommit(this: DatabaseSync, sql: string): void {
    if (sql === 'COMMIT' && batch > 0) {
      writeSync(1, `holding ${String(batch)}\n`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); // blocks until SIGKILL
    }
    exec.call(this, sql);
  };
}

const store = await SqliteHistoryStore.open({ dataDir });
for (batch = 1; stored < maxMessages; batch++) {
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
