/**
 * History store benchmarks (SQLite, real files in a temp dir), each figure next to a baseline measured in the same
 * run: ingest through `append` against a bare node:sqlite insert loop of the same rows into the same tables;
 * newest-page and search latency against the bare SQL a textbook implementation would run; database size against
 * the JSON the server sent. Store and baseline runs alternate and the median is kept, so a noisy neighbour on the
 * machine hits both alike.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DatabaseSync } from 'node:sqlite';
import { HISTORY_FILE_NAME, SqliteHistoryStore } from '../main/core/store/history/index.ts';
import { INSERT_COLUMNS } from '../main/core/store/history/rows.ts';
import { openHistoryDatabase } from '../main/core/store/history/open-database.ts';
import type { NtfyMessage } from '../main/core/protocol/types.ts';
import { RARE_WORDS, sampleMessages } from '../test/integration/core/store/history/sample-messages.ts';
import type { BenchRow } from './engine.ts';

const SERVER = 'https://ntfy.example';
/**
 * The engine hands a catch-up to `append` as one batch (main/core/engine/catch-up.ts): 10,000 is the catch-up the
 * issue names. Smaller batches (many short reconnects) are measured too; live traffic is batches of one.
 */
const CATCH_UP_BATCH = 10_000;
const SMALL_BATCH = 100;

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

/** Milliseconds per call of `work`, sorted (after a warm-up of a tenth of the calls). */
function timeCalls(count: number, work: (index: number) => void): number[] {
  for (let i = 0; i < Math.ceil(count / 10); i++) work(i);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    work(i);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'ntfy-tray-bench-store-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Messages per second through `append`, in batches of `batchSize`, each its own transaction with a cursor. */
async function storeIngest(dir: string, messages: readonly NtfyMessage[], batchSize: number): Promise<number> {
  const store = await SqliteHistoryStore.open({ dataDir: dir });
  try {
    const start = performance.now();
    for (let i = 0; i < messages.length; i += batchSize) {
      const batch = messages.slice(i, i + batchSize);
      await store.append({
        server: SERVER,
        messages: batch,
        changes: [],
        resume: { targets: [{ key: 'bench', topic: 'bench' }], lastId: batch.at(-1)?.id ?? null },
      });
    }
    return messages.length / ((performance.now() - start) / 1000);
  } finally {
    await store.close();
  }
}

/**
 * The baseline's insert: the least any implementation of this schema must do per message — one INSERT of the row,
 * one into the search index; no dedupe result, no sequence checks, no cursor.
 */
function prepareBareInsert(db: DatabaseSync): (message: NtfyMessage) => void {
  const insert = db.prepare(
    `INSERT INTO messages (${INSERT_COLUMNS.join(', ')}) VALUES (${INSERT_COLUMNS.map(() => '?').join(', ')})`,
  );
  const index = db.prepare('INSERT INTO messages_search (rowid, title, message, tags) VALUES (?, ?, ?, ?)');
  return (m) => {
    const tags = JSON.stringify(m.tags);
    const { lastInsertRowid } = insert.run(
      SERVER,
      m.topic,
      m.id,
      m.sequenceId ?? null,
      m.time,
      m.expires ?? null,
      m.title ?? null,
      m.message,
      m.priority,
      tags,
      m.click ?? null,
      m.icon ?? null,
      JSON.stringify(m.actions),
      m.attachment === undefined ? null : JSON.stringify(m.attachment),
      m.contentType ?? null,
      m.encoding ?? null,
      JSON.stringify(m.raw),
      Date.now(),
    );
    index.run(lastInsertRowid, m.title ?? null, m.message, tags);
  };
}

/** The ingest baseline: the same rows through the bare insert, all in one transaction. */
function bareIngest(dir: string, messages: readonly NtfyMessage[]): number {
  const db = openHistoryDatabase({ path: join(dir, HISTORY_FILE_NAME) });
  try {
    const insert = prepareBareInsert(db);
    const start = performance.now();
    db.exec('BEGIN');
    for (const message of messages) insert(message);
    db.exec('COMMIT');
    return messages.length / ((performance.now() - start) / 1000);
  } finally {
    db.close();
  }
}

/** Store and baseline alternate, after one warm-up of each (JIT, page cache); medians of `rounds`. */
async function measureIngest(messages: readonly NtfyMessage[], rounds: number): Promise<BenchRow[]> {
  const rates = { bare: [] as number[], catchUp: [] as number[], small: [] as number[] };
  for (let round = -1; round < rounds; round++) {
    const bare = await withTempDir((dir) => Promise.resolve(bareIngest(dir, messages)));
    const catchUp = await withTempDir((dir) => storeIngest(dir, messages, CATCH_UP_BATCH));
    const small = await withTempDir((dir) => storeIngest(dir, messages, SMALL_BATCH));
    if (round < 0) continue;
    rates.bare.push(bare);
    rates.catchUp.push(catchUp);
    rates.small.push(small);
  }
  const baseline = median(rates.bare);
  const count = messages.length.toLocaleString('en-US');
  return [CATCH_UP_BATCH, SMALL_BATCH].map((batchSize) => {
    const engine = median(batchSize === CATCH_UP_BATCH ? rates.catchUp : rates.small);
    return {
      benchmark: `ingest ${count}, appends of ${batchSize.toLocaleString('en-US')}`,
      unit: 'msg/s',
      engine,
      baseline,
      ratio: engine / baseline,
      ...(batchSize === CATCH_UP_BATCH ? { target: '≥ 0.8× baseline' } : {}),
    };
  });
}

/** One live message per append (its own transaction) against a bare single-row transaction. */
async function measureLiveAppend(dir: string, fresh: readonly NtfyMessage[]): Promise<BenchRow[]> {
  const half = Math.floor(fresh.length / 2);
  const store = await SqliteHistoryStore.open({ dataDir: dir });
  const storeTimes: number[] = [];
  try {
    for (const message of fresh.slice(0, half)) {
      const start = performance.now();
      await store.append({
        server: SERVER,
        messages: [message],
        changes: [],
        resume: { targets: [{ key: 'bench', topic: 'bench' }] },
      });
      storeTimes.push(performance.now() - start);
    }
  } finally {
    await store.close();
  }
  const db = openHistoryDatabase({ path: join(dir, HISTORY_FILE_NAME) });
  const bareTimes: number[] = [];
  try {
    const insert = prepareBareInsert(db);
    for (const message of fresh.slice(half)) {
      const start = performance.now();
      db.exec('BEGIN');
      insert(message);
      db.exec('COMMIT');
      bareTimes.push(performance.now() - start);
    }
  } finally {
    db.close();
  }
  storeTimes.sort((a, b) => a - b);
  bareTimes.sort((a, b) => a - b);
  const engine = percentile(storeTimes, 0.5);
  const baseline = percentile(bareTimes, 0.5);
  return [{ benchmark: 'append of 1 live message p50', unit: 'ms', engine, baseline, ratio: engine / baseline }];
}

function latencyRows(name: string, store: number[], bare: number[], target?: string): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const [label, fraction] of [
    ['p50', 0.5],
    ['p99', 0.99],
  ] as const) {
    const engine = percentile(store, fraction);
    const baseline = percentile(bare, fraction);
    rows.push({
      benchmark: `${name} ${label}`,
      unit: 'ms',
      engine,
      baseline,
      ratio: engine / baseline,
      ...(label === 'p50' && target !== undefined ? { target } : {}),
    });
  }
  return rows;
}

/**
 * Searches as a user types them: common words (each in a large share of all messages — the expensive case),
 * rare ones (a few hundred hits), partial last words and several words at once.
 */
function searchMixes(): { readonly common: readonly string[]; readonly rare: readonly string[] } {
  const rare = (i: number): string => RARE_WORDS[(i * 397) % RARE_WORDS.length] ?? 'none';
  return {
    common: ['backup', 'disk error', 'deplo', 'server started job', 'fail', 'finished backup'],
    rare: [rare(1), `${rare(2)} ${rare(3)}`, rare(4).slice(0, 4), `failed ${rare(5)}`, rare(6), `job ${rare(7)}`],
  };
}

/** The textbook query: rank every match by bm25, no candidate cap, no highlighting, no filters. */
function textbookQuery(text: string): string {
  const words = text.split(' ').map((word) => `"${word}"`);
  return `${words.join(' ')}*`;
}

async function measureQueries(dir: string, messages: readonly NtfyMessage[], quick: boolean): Promise<BenchRow[]> {
  const count = quick ? 200 : 1000;
  const store = await SqliteHistoryStore.open({ dataDir: dir });
  const db = openHistoryDatabase({ path: join(dir, HISTORY_FILE_NAME) });
  try {
    const barePage = db.prepare('SELECT * FROM messages ORDER BY time DESC, pk DESC LIMIT 50');
    const pageStore = timeCalls(count, () => store.listMessages({ limit: 50 }));
    const pageBare = timeCalls(count, () => barePage.all());

    // Halfway down the list: by keyset (what the store does) against OFFSET (what it avoids).
    const depth = Math.floor(messages.length / 2 / 50);
    let cursor = store.listMessages({ limit: 50 }).next;
    for (let page = 1; page < depth && cursor !== undefined; page++)
      cursor = store.listMessages({ before: cursor }).next;
    const deepBefore = cursor;
    const offsetPage = db.prepare('SELECT * FROM messages ORDER BY time DESC, pk DESC LIMIT 50 OFFSET ?');
    const deepStore = timeCalls(count, () =>
      store.listMessages({ limit: 50, ...(deepBefore === undefined ? {} : { before: deepBefore }) }),
    );
    const deepOffset = timeCalls(count, () => offsetPage.all(depth * 50));

    const mixes = searchMixes();
    const textbook = db.prepare(
      'SELECT m.* FROM messages_search s JOIN messages m ON m.pk = s.rowid WHERE messages_search MATCH ? ORDER BY s.rank LIMIT 50',
    );
    const search = (mix: readonly string[]): { store: number[]; bare: number[] } => ({
      store: timeCalls(count, (i) => store.search({ text: mix[i % mix.length] ?? '' })),
      bare: timeCalls(count, (i) => textbook.all(textbookQuery(mix[i % mix.length] ?? ''))),
    });
    const common = search(mixes.common);
    const rare = search(mixes.rare);
    const all = {
      store: [...common.store, ...rare.store].sort((a, b) => a - b),
      bare: [...common.bare, ...rare.bare].sort((a, b) => a - b),
    };

    const unreadStore = timeCalls(Math.ceil(count / 10), () => store.unreadCounts());
    const bareUnread = db.prepare('SELECT server, topic, count(*) FROM messages WHERE read = 0 GROUP BY server, topic');
    const unreadBare = timeCalls(Math.ceil(count / 10), () => bareUnread.all());

    const n = messages.length.toLocaleString('en-US');
    return [
      ...latencyRows(`newest page of 50 (${n} stored)`, pageStore, pageBare, '< 5 ms'),
      ...latencyRows(`page ${depth + 1}: keyset (store) vs OFFSET`, deepStore, deepOffset),
      ...latencyRows(`search, common words (${mixes.common.length} queries)`, common.store, common.bare),
      ...latencyRows(`search, rare words (${mixes.rare.length} queries)`, rare.store, rare.bare),
      ...latencyRows('search, both mixes', all.store, all.bare, '< 20 ms'),
      ...latencyRows('unread counts (all unread)', unreadStore, unreadBare),
    ];
  } finally {
    db.close();
    await store.close();
  }
}

/** The file after a checkpoint, per 100,000 messages, against the JSON lines the server sent for them. */
async function measureSize(dir: string, messages: readonly NtfyMessage[]): Promise<BenchRow> {
  const db = openHistoryDatabase({ path: join(dir, HISTORY_FILE_NAME) });
  try {
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  const bytes = (await stat(join(dir, HISTORY_FILE_NAME))).size;
  const jsonBytes = messages.reduce((sum, m) => sum + Buffer.byteLength(JSON.stringify(m.raw)) + 1, 0);
  const scale = 100_000 / messages.length;
  return {
    benchmark: 'database size per 100,000 messages',
    unit: 'MB',
    engine: (bytes * scale) / 1e6,
    baseline: (jsonBytes * scale) / 1e6,
    ratio: bytes / jsonBytes,
  };
}

/** Retention on a full history: a pass with nothing to do, and one that removes the oldest 1%. */
async function measureRetention(dir: string, messages: readonly NtfyMessage[]): Promise<BenchRow[]> {
  const store = await SqliteHistoryStore.open({ dataDir: dir });
  try {
    const newest = messages.at(-1)?.time ?? 0;
    const oldest = messages[0]?.time ?? 0;
    const nowMs = (newest + 86_400) * 1000;
    let start = performance.now();
    store.applyRetention({ maxAgeDays: 3650, maxPerSubscription: messages.length, now: nowMs });
    const idle = performance.now() - start;
    const onePercentAge = (newest - oldest) * 0.99 + 86_400;
    start = performance.now();
    const removed = store.applyRetention({
      maxAgeDays: onePercentAge / 86_400,
      maxPerSubscription: messages.length,
      now: nowMs,
    });
    const pruning = performance.now() - start;
    return [
      { benchmark: 'retention pass, nothing to remove', unit: 'ms', engine: idle, baseline: Number.NaN, ratio: NaN },
      {
        benchmark: `retention pass removing ${removed.removedByAge.toLocaleString('en-US')}`,
        unit: 'ms',
        engine: pruning,
        baseline: Number.NaN,
        ratio: Number.NaN,
      },
    ];
  } finally {
    await store.close();
  }
}

export async function runStoreBenchmarks(options: { readonly quick: boolean }): Promise<BenchRow[]> {
  const count = options.quick ? 10_000 : 100_000;
  const messages = sampleMessages({ count, topics: ['alerts', 'backups', 'deploys', 'home', 'cron', 'ci'] });
  const rows: BenchRow[] = await measureIngest(messages, options.quick ? 2 : 3);
  await withTempDir(async (dir) => {
    await storeIngest(dir, messages, CATCH_UP_BATCH);
    rows.push(...(await measureQueries(dir, messages, options.quick)));
    rows.push(await measureSize(dir, messages));
    rows.push(...(await measureRetention(dir, messages)));
    const live = sampleMessages({ count: options.quick ? 400 : 2000, firstId: count, seed: 2 });
    rows.push(...(await measureLiveAppend(dir, live)));
  });
  return rows;
}
