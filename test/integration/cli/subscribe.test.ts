import { resumeSinceOf } from '../../support/resume-since.ts';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/index.ts';
import { ALICE_AND_OPEN_TOPICS } from '../../support/alice-auth.ts';
import { runCliInProcess } from '../../support/cli-in-process.ts';
import { type CliProcess, startCli } from '../../support/cli-process.ts';
import { makeMessage } from '../../support/messages.ts';
import { SqliteHistoryStore } from '../../../main/core/store/history/index.ts';

let server: TestServer;
let dataDir: string;
const running: CliProcess[] = [];

function cli(args: readonly string[], env?: Readonly<Record<string, string>>): CliProcess {
  const process = startCli(['subscribe', '--data-dir', dataDir, ...args], env);
  running.push(process);
  return process;
}

beforeEach(async () => {
  server = await startTestServer({ auth: ALICE_AND_OPEN_TOPICS });
  dataDir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-cli-'));
});

afterEach(async () => {
  for (const process of running.splice(0)) process.child.kill('SIGKILL');
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('ntfy-tray subscribe', () => {
  it('prints each message as one JSON line with the fields as received, and nothing else on stdout', async () => {
    const process = cli(['--json', `${server.url}/open-a,open-b`]);
    await process.waitForStderr(/connected: .*open-a,open-b/);
    const first = await server.publish('open-a', {
      message: 'one <b> & "two"',
      title: 'T',
      tags: ['tag'],
      priority: 4,
    });
    const second = await server.publish('open-b', 'line\nbreak');
    const lines = await process.waitForStdoutLines(2);
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      JSON.parse(JSON.stringify(first)),
      JSON.parse(JSON.stringify(second)),
    ]);
    process.child.kill('SIGTERM');
    expect(await process.exited()).toBe(0);
    expect(server.subscribers()).toHaveLength(0);
  });

  it('prints JSON lines into a pipe without --json, as ntfy sub does (what `| jq` reads)', async () => {
    const process = cli([`${server.url}/open-a`]);
    await process.waitForStderr(/connected/);
    const sent = await server.publish('open-a', { message: 'disk full', title: 'Backup' });
    const [line] = await process.waitForStdoutLines(1);
    expect(JSON.parse(line ?? '')).toEqual(JSON.parse(JSON.stringify(sent)));
  });

  it('prints a readable line per message with --text, even into a pipe', async () => {
    const process = cli(['--text', `${server.url}/open-a`]);
    await process.waitForStderr(/connected/);
    await server.publish('open-a', { message: 'disk\nfull', title: 'Backup', priority: 5 });
    const [line] = await process.waitForStdoutLines(1);
    expect(line).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d open-a p5 Backup: disk full$/);
  });

  it('resumes after a restart with the same --data-dir: nothing lost, nothing repeated', async () => {
    const first = cli(['--json', `${server.url}/open-a`]);
    await first.waitForStderr(/connected/);
    const before = [await server.publish('open-a', 'm1'), await server.publish('open-a', 'm2')];
    await first.waitForStdoutLines(2);
    first.child.kill('SIGTERM');
    expect(await first.exited()).toBe(0);

    const whileAway = [await server.publish('open-a', 'm3'), await server.publish('open-a', 'm4')];
    const second = cli(['--json', `${server.url}/open-a`]);
    const lines = await second.waitForStdoutLines(2);
    expect(lines.map((line) => (JSON.parse(line) as { id: string }).id)).toEqual(whileAway.map((m) => m.id));
    const resumed = server.requests.filter((entry) => entry.transport === 'json').at(-1);
    // By time from the last message printed, less the overlap for scheduled messages (docs/protocol.md#resuming).
    expect(resumed?.query['since']).toBe(resumeSinceOf(before[1]));
  });

  it('--poll prints what is cached and exits 0', async () => {
    const published = [await server.publish('open-a', 'cached 1'), await server.publish('open-a', 'cached 2')];
    const process = cli(['--poll', '--json', `${server.url}/open-a`]);
    expect(await process.exited()).toBe(0);
    const ids = process
      .stdout()
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: string }).id);
    expect(ids).toEqual(published.map((message) => message.id));
  });

  it('passes server-side filters and --scheduled with lowercase query names', async () => {
    await server.publish('open-a', { message: 'low', priority: 2, tags: ['a', 'b'] });
    const wanted = await server.publish('open-a', { message: 'high', priority: 5, tags: ['a', 'b', 'c'] });
    await server.publish('open-a', { message: 'high but untagged', priority: 5 });
    const process = cli([
      '--poll',
      '--json',
      '--priority',
      '4,5',
      '--tags',
      'a,b',
      '--scheduled',
      `${server.url}/open-a`,
    ]);
    expect(await process.exited()).toBe(0);
    expect(
      process
        .stdout()
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { id: string }).id),
    ).toEqual([wanted.id]);
    expect(server.requests.find((entry) => entry.transport === 'poll')?.query).toEqual({
      poll: '1',
      since: 'all',
      scheduled: '1',
      priority: '4,5',
      tags: 'a,b',
    });
  });

  it('converts days for the server, which rejects "1d"', async () => {
    const process = cli(['--poll', '--since', '1d', `${server.url}/open-a`]);
    expect(await process.exited()).toBe(0);
    expect(server.requests.find((entry) => entry.transport === 'poll')?.query['since']).toBe('86400s');
  });

  it('exits 3 on wrong credentials and does not retry them', async () => {
    const process = cli(['--user', 'alice', `${server.url}/secret`], { NTFY_PASSWORD: 'wrong-password' });
    expect(await process.exited()).toBe(3);
    expect(process.stderr()).toMatch(/not retrying: .*401.*; credentials not accepted: give --user or --token/);
    expect(process.stderr()).not.toContain('wrong-password');
    expect(server.requests.filter((entry) => entry.authorization !== undefined)).toHaveLength(1);
  });

  it('uses the password from NTFY_PASSWORD, in the header or as ?auth=', async () => {
    for (const extra of [[], ['--auth-param']]) {
      const process = cli(['--json', '--user', 'alice', ...extra, `${server.url}/secret`], {
        NTFY_PASSWORD: 'right-password',
      });
      await process.waitForStderr(/connected/);
      await server.publish('secret', `for alice ${extra.length}`);
      await process.waitForStdoutLines(1);
      process.child.kill('SIGTERM');
      expect(await process.exited()).toBe(0);
    }
    const subscribes = server.requests.filter((entry) => entry.transport === 'json');
    expect(subscribes[0]?.authorization).toMatch(/^Basic /);
    expect(subscribes[1]?.authorization).toBeUndefined();
    expect(subscribes[1]?.query['auth']).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('exits 3 on a 403 for its only topic', async () => {
    const process = cli([`${server.url}/secret`]);
    expect(await process.exited()).toBe(3);
    expect(process.stderr()).toMatch(/not retrying: .*403.*; no permission: give --user or --token/);
  });

  it('exits 2 with a pointer to the usage on bad arguments', async () => {
    for (const args of [
      [],
      ['--transport', 'pigeon', `${server.url}/a`],
      ['ftp://host/a'],
      ['--since', 'soon', `${server.url}/a`],
    ]) {
      // In-process (the same runCli): argument checks need no process of their own.
      const result = await runCliInProcess(['subscribe', '--data-dir', dataDir, ...args]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("Run 'ntfy-tray subscribe --help' for usage.");
    }
  });
});

describe('ntfy-tray', () => {
  it('prints its version', async () => {
    const process = startCli(['--version']);
    running.push(process);
    expect(await process.exited()).toBe(0);
    expect(process.stdout()).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});

describe('ntfy-tray subscribe with the history database', () => {
  it('stores every delivered message, which ntfy-tray history then lists, searches and filters', async () => {
    const process = cli(['--json', `${server.url}/open-a,open-b`]);
    await process.waitForStderr(/connected/);
    await server.publish('open-a', { message: 'backup finished', title: 'NAS' });
    await server.publish('open-b', 'disk almost full');
    await process.waitForStdoutLines(2);
    process.child.kill('SIGTERM');
    expect(await process.exited()).toBe(0);

    const history = (args: string[]): CliProcess => {
      const run = startCli(['history', '--data-dir', dataDir, ...args]);
      running.push(run);
      return run;
    };
    const all = history(['--json']);
    expect(await all.exited()).toBe(0);
    expect(
      all
        .stdout()
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { message: string }).message)
        .sort(),
    ).toEqual(['backup finished', 'disk almost full']);
    const found = history(['--search', 'disk']);
    expect(await found.exited()).toBe(0);
    expect(found.stdout()).toMatch(/open-b p3 disk almost full\n$/);
    const one = history(['--json', '--topic', `${server.url}/open-a`, '--unread', '--limit', '5']);
    expect(await one.exited()).toBe(0);
    expect(one.stdout().trim().split('\n')).toHaveLength(1);
    const bad = history(['--limit', 'lots']);
    expect(await bad.exited()).toBe(2);
  });

  it('resumes from an interim cursors.json left by an earlier version, and moves it aside', async () => {
    const before = await server.publish('open-a', 'seen by the old version');
    const after = await server.publish('open-a', 'published later');
    const groupKey = `${server.url} json anonymous header  [null,null,null,[],[]]`;
    await writeFile(
      path.join(dataDir, 'cursors.json'),
      JSON.stringify({ version: 1, cursors: { [groupKey]: { lastId: before.id, topics: ['open-a'] } }, seen: {} }),
    );
    const process = cli(['--json', `${server.url}/open-a`]);
    const [line] = await process.waitForStdoutLines(1);
    expect((JSON.parse(line ?? '{}') as { id: string }).id).toBe(after.id);
    expect(server.requests.find((entry) => entry.transport === 'json')?.query['since']).toBe(before.id);
    expect(await readdir(dataDir)).toContain('cursors.json.imported');
  });
});

describe('ntfy-tray subscribe retention', () => {
  it('drops stored messages that arrived longer ago than the retention age when it starts, by arrival', async () => {
    const longCache = await startTestServer({ cacheDurationMs: 90 * 24 * 3_600_000 });
    try {
      const now = Math.floor(Date.now() / 1000);
      const fortyDaysAgoMs = (now - 40 * 86_400) * 1000;
      // Stored by an earlier run forty days ago: past the default 30 days.
      const earlier = await SqliteHistoryStore.open({ dataDir, clock: { now: () => fortyDaysAgoMs } });
      const stale = makeMessage({ id: 'stale0000001', topic: 'kept', time: now - 40 * 86_400 });
      await earlier.append({ server: longCache.url, messages: [stale], changes: [] });
      await earlier.close();
      // Dated forty days back by its server, but it arrives now: it is as young as its arrival.
      const oldDate = await longCache.publish('kept', { message: 'dated forty days ago', time: now - 40 * 86_400 });
      const recent = await longCache.publish('kept', { message: 'recent' });
      const first = cli(['--json', '--since', 'all', `${longCache.url}/kept`]);
      await first.waitForStdoutLines(2);
      first.child.kill('SIGTERM');
      expect(await first.exited()).toBe(0);

      const history = startCli(['history', '--json', '--data-dir', dataDir]);
      running.push(history);
      expect(await history.exited()).toBe(0);
      const ids = history
        .stdout()
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { id: string }).id);
      expect(ids.sort()).toEqual([oldDate.id, recent.id].sort());
    } finally {
      await longCache.close();
    }
  });
});
