import { createHash } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import {
  HISTORY_FILE_NAME,
  HistoryOpenError,
  HistorySchemaTooNewError,
  SCHEMA_VERSION,
} from '../../../../../main/core/store/history/index.ts';
import { migrateHistory, readSchemaVersion } from '../../../../../main/core/store/history/migrations.ts';
import { openHistoryDatabase } from '../../../../../main/core/store/history/open-database.ts';
import { simpleMessage } from './sample-messages.ts';
import { resumeKey } from '../../../../../main/core/protocol/resume-key.ts';
import { commandLineSubscriber } from '../../../../../main/core/store/subscriber.ts';
import {
  checkIntegrity,
  openRaw,
  openStore,
  openTempStore,
  request,
  RESUME_KEY,
  SERVER,
  tempDir,
} from './temp-store.ts';

/**
 * Data as each earlier schema version stored it, in that version's own SQL. A new migration step needs a seed for
 * the version before it (the test below insists), so every upgrade path is tested with data in it.
 */
/** Rows every version stores alike. */
const SEED_ROWS = `
    INSERT INTO messages (server, topic, id, sequence_id, time, title, message, priority, tags, actions, raw,
        received_at, read)
      VALUES
        ('${SERVER}', 'alerts', 'seedMessage1', NULL, 1700000000, 'Disk full', 'the volume is at 99%', 5,
          '["warning"]', '[]', '{"id":"seedMessage1","event":"message"}', 1700000000123, 0),
        ('${SERVER}', 'alerts', 'seedMessage2', 'seq', 1700000100, NULL, 'backup finished', 3,
          '[]', '[]', '{"id":"seedMessage2","event":"message"}', 1700000100123, 1);
    INSERT INTO message_changes (server, id, kind, topic, sequence_id, time, raw, received_at)
      VALUES ('${SERVER}', 'seedChange01', 'message_clear', 'alerts', 'other', 1700000200, '{}', 1700000200123);
  `;

const SEED_V1 = `${SEED_ROWS}
    INSERT INTO cursors (group_key, last_id, topics, updated_at)
      VALUES ('${SERVER} json anonymous header  [null,null,null,[],[]]', 'seedChange01', '["alerts"]', 1700000200123),
        ('${SERVER} ws user:alice:hunter2 header  [null,null,null,[],[]]', 'seedMessage1', '["private"]', 1),
        ('not a key we wrote', 'seedMessage1', '["x"]', 1);
  `;

const SCOPE = { server: SERVER, credentials: { kind: 'none' as const }, filters: {}, scheduled: false };
const ALERTS_KEY = resumeKey(SCOPE, 'alerts');
const ALICE_KEY = resumeKey({ ...SCOPE, credentials: { kind: 'basic', user: 'alice', password: '' } }, 'private');

const SEED_V3 = `${SEED_ROWS}
    INSERT INTO messages_search (messages_search) VALUES ('rebuild');
    INSERT INTO resume_points (resume_key, server, topic, last_id, last_time, updated_at)
      VALUES ('${ALERTS_KEY}', '${SERVER}', 'alerts', 'seedChange01', NULL, 1700000200123),
        ('${ALICE_KEY}', '${SERVER}', 'private', 'seedMessage1', NULL, 1);`;

const SEEDS: Readonly<Record<number, string>> = {
  0: '',
  1: SEED_V1,
  // Version 2 indexes inserts in code (append.ts), not by trigger: a seed written by hand rebuilds the index.
  2: `${SEED_V1}
    INSERT INTO messages_search (messages_search) VALUES ('rebuild');`,
  // Version 3: per-topic resume points, id-only as the step from version 2 leaves them.
  3: SEED_V3,
  // Version 4 adds indexes only: its rows are version 3's.
  4: SEED_V3,
  // Version 5 adds the messages' cut column (NULL: nothing was cut): its rows are version 4's.
  5: SEED_V3,
};

/** A file at `version`, built by running the real migration steps up to it, then filled with that version's seed. */
async function fileAtVersion(version: number): Promise<string> {
  const dir = await tempDir();
  const db = new DatabaseSync(join(dir, HISTORY_FILE_NAME));
  try {
    migrateHistory(db, { path: 'fixture', targetVersion: version });
    db.exec(SEEDS[version] ?? '');
    expect(readSchemaVersion(db)).toBe(version);
  } finally {
    db.close();
  }
  return dir;
}

function schemaOf(db: DatabaseSync): string[] {
  return db
    .prepare("SELECT type, name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_stat%' ORDER BY type, name")
    .all()
    .map((row) => `${String(row['type'])} ${String(row['name'])}: ${String(row['sql']).replace(/\s+/g, ' ')}`);
}

async function fileHash(path: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(path))
    .digest('hex');
}

describe('history schema migrations', () => {
  it('has a seed for every earlier version', () => {
    for (let version = 0; version < SCHEMA_VERSION; version++) expect(SEEDS[version], `seed ${version}`).toBeDefined();
  });

  for (let version = 0; version < SCHEMA_VERSION; version++) {
    it(`migrates a file from version ${version}, keeping its data`, async () => {
      const dir = await fileAtVersion(version);
      const store = await openStore(dir);
      const raw = openRaw(dir);
      expect(readSchemaVersion(raw)).toBe(SCHEMA_VERSION);
      expect(checkIntegrity(raw)).toBe('ok');
      const fresh = await openTempStore();
      expect(schemaOf(raw)).toEqual(schemaOf(openRaw(fresh.dir)));
      if (version === 0) return;
      expect(store.listMessages().messages.map((stored) => [stored.message.id, stored.read])).toEqual([
        ['seedMessage2', true],
        ['seedMessage1', false],
      ]);
      expect(store.getMessage({ server: SERVER, id: 'seedMessage1' })?.message).toMatchObject({
        title: 'Disk full',
        priority: 5,
        tags: ['warning'],
      });
      // Version 3: the group cursor became a per-topic resume point (same id), keyed without the transport.
      const alerts = ALERTS_KEY;
      expect(await store.getResumePoints([alerts])).toEqual(new Map([[alerts, { lastId: 'seedChange01' }]]));
      // What an older version took as a user name (`alice:hunter2`) is not kept anywhere in the file.
      const alice = ALICE_KEY;
      expect((await store.getResumePoints([alice])).get(alice)).toEqual({
        lastId: 'seedMessage1',
        lastTime: 1700000000,
      });
      const dump = JSON.stringify(raw.prepare('SELECT * FROM resume_points').all());
      expect(dump).not.toContain('hunter2');
      expect(raw.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'cursors'").get()?.['n']).toBe(0);
      // Rows written before the search index existed are searchable after the upgrade.
      expect(store.search({ text: 'volume' }).map((hit) => hit.message.id)).toEqual(['seedMessage1']);
      expect(store.search({ text: 'warning' }).map((hit) => hit.message.id)).toEqual(['seedMessage1']);
      // And still recognized as duplicates.
      const replay = await store.append(request({ messages: [simpleMessage({ id: 'seedMessage1' })] }));
      expect(replay.newMessages).toEqual([]);
      // Version 5: all of it counts as delivered to the app (the default subscriber), to no command-line run.
      const run = await openStore(dir, { subscriber: commandLineSubscriber('cli-test', 0) });
      expect(
        (await run.append(request({ messages: [simpleMessage({ id: 'seedMessage1' })] }))).newMessages,
      ).toHaveLength(1);
      expect(await run.getResumePoints([alerts])).toEqual(new Map());
      await run.close();
    });
  }

  it('opens a new file with WAL, synchronous=NORMAL, a busy timeout and foreign keys', async () => {
    const dir = await tempDir();
    const db = openHistoryDatabase({ path: join(dir, HISTORY_FILE_NAME), busyTimeoutMs: 1234 });
    try {
      const pragma = (name: string): unknown => Object.values(db.prepare(`PRAGMA ${name}`).get() ?? {})[0];
      expect(pragma('journal_mode')).toBe('wal');
      expect(pragma('synchronous')).toBe(1);
      expect(pragma('busy_timeout')).toBe(1234);
      expect(pragma('foreign_keys')).toBe(1);
      expect(pragma('user_version')).toBe(SCHEMA_VERSION);
    } finally {
      db.close();
    }
  });

  it.skipIf(process.platform === 'win32')('creates the file and its log readable by the owner only', async () => {
    const { store, dir } = await openTempStore();
    await store.append(request({ messages: [simpleMessage({ id: 'private' })] }));
    for (const name of [HISTORY_FILE_NAME, `${HISTORY_FILE_NAME}-wal`]) {
      expect((await stat(join(dir, name))).mode & 0o777, name).toBe(0o600);
    }
  });

  it('refuses a file from a newer version with a clear error, and leaves it exactly as it was', async () => {
    const { store, dir } = await openTempStore();
    await store.append(request({ messages: [simpleMessage({ id: 'keep' })] }));
    await store.close();
    const path = join(dir, HISTORY_FILE_NAME);
    const raw = new DatabaseSync(path);
    raw.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    raw.close();
    const before = await fileHash(path);
    const opening = openStore(dir);
    await expect(opening).rejects.toThrow(HistorySchemaTooNewError);
    await expect(opening).rejects.toThrow(/written by a newer version/);
    expect(await fileHash(path)).toBe(before);
    expect(openRaw(dir).prepare('SELECT id FROM messages').all()).toEqual([{ id: 'keep' }]);
  });

  it('refuses a file that is not a database with an error naming it, and does not touch it', async () => {
    const dir = await tempDir();
    const path = join(dir, HISTORY_FILE_NAME);
    await writeFile(path, 'not a database, but someone’s notes\n'.repeat(200));
    const before = await fileHash(path);
    const opening = openStore(dir);
    await expect(opening).rejects.toThrow(HistoryOpenError);
    await expect(opening).rejects.toThrow(path);
    expect(await fileHash(path)).toBe(before);
  });

  it('rolls a failing step back whole: the version and the objects before it stay', async () => {
    const dir = await fileAtVersion(1);
    const path = join(dir, HISTORY_FILE_NAME);
    const raw = new DatabaseSync(path);
    // Something in the way of step 2 makes it fail halfway.
    raw.exec(
      'CREATE TABLE messages_search_delete_blocker (x); CREATE TRIGGER messages_search_update AFTER INSERT ON messages_search_delete_blocker BEGIN SELECT 1; END;',
    );
    const schemaBefore = schemaOf(raw);
    raw.close();
    await expect(openStore(dir)).rejects.toThrow(HistoryOpenError);
    const after = openRaw(dir);
    expect(readSchemaVersion(after)).toBe(1);
    expect(schemaOf(after)).toEqual(schemaBefore);
    expect(after.prepare('SELECT count(*) AS n FROM messages').get()?.['n']).toBe(2);
  });
});

describe('two connections on one file (the tray app and `ntfy-tray subscribe`)', () => {
  it('deduplicates across connections and sees each other’s resume points', async () => {
    const { store: first, dir } = await openTempStore();
    const second = await openStore(dir);
    await first.append(request({ messages: [simpleMessage({ id: 'a' })], resumeTo: { lastId: 'a00000000000' } }));
    const fromSecond = await second.append(
      request({ messages: [simpleMessage({ id: 'a' }), simpleMessage({ id: 'b' })] }),
    );
    expect(fromSecond.newMessages.map((message) => message.id)).toEqual(['b']);
    expect((await second.getResumePoints([RESUME_KEY])).get(RESUME_KEY)).toEqual({ lastId: 'a00000000000' });
  });

  it('gives up with "database is locked" after the busy timeout instead of hanging, then works again', async () => {
    const { dir } = await openTempStore();
    const store = await openStore(dir, { busyTimeoutMs: 50 });
    const holder = openRaw(dir);
    holder.exec('BEGIN IMMEDIATE');
    await expect(store.append(request({ messages: [simpleMessage({ id: 'x' })] }))).rejects.toThrow(/locked/);
    holder.exec('ROLLBACK');
    expect((await store.append(request({ messages: [simpleMessage({ id: 'x' })] }))).newMessages).toHaveLength(1);
  });
});
