/**
 * `ntfy-tray publish` against test/server on 127.0.0.1: every flag reaches the server (checked on the stored message),
 * the message from stdin, --json, and the failures in words with their exit codes. A process per case where stdin or
 * the process matters; the refusals in words run in-process.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConsoleLogger } from '../../../main/core/logging.ts';
import { upsertServer } from '../../../main/core/store/settings/edits.ts';
import { openConfSettingsStore } from '../../../main/core/store/settings/conf-settings-store.ts';
import { startTestServer, type TestServer } from '../../server/index.ts';
import { runCliInProcess } from '../../support/cli-in-process.ts';
import { expectServerLine } from '../../support/publish-output.ts';
import { compileCacheEnv } from '../../support/compile-cache.ts';

const ENTRY = path.resolve(import.meta.dirname, '../../../main/cli.ts');
const PASSWORD = 'correct-horse-battery-staple';

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

let server: TestServer;
let dataDir: string;

/** Runs the command to its end; `stdin` is piped in (and closed), as `echo … | ntfy-tray publish` does. */
async function publish(args: readonly string[], options: { stdin?: string; env?: Record<string, string> } = {}) {
  const child = spawn(process.execPath, [ENTRY, 'publish', ...args, '--data-dir', dataDir], {
    env: { PATH: process.env['PATH'] ?? '', HOME: dataDir, ...compileCacheEnv(), ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.end(options.stdin ?? '');
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr } satisfies Run;
}

/**
 * The same command in this process (the same runCli, test/support/cli-in-process.ts), for the answers in words that
 * need no stdin, pipes or signals: a process each only costs time.
 */
function publishInProcess(args: readonly string[]): Promise<Run> {
  return runCliInProcess(['publish', ...args, '--data-dir', dataDir], { HOME: dataDir });
}

beforeEach(async () => {
  server = await startTestServer({
    auth: {
      users: [
        {
          name: 'alice',
          password: PASSWORD,
          access: [
            { topic: 'alerts', permission: 'read-write' },
            { topic: 'announce', permission: 'read-only' },
          ],
        },
      ],
      everyone: [{ topic: 'open', permission: 'read-write' }],
      defaultAccess: 'deny-all',
    },
  });
  dataDir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-publish-'));
});

afterEach(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('ntfy-tray publish', () => {
  it('sends every flag as the ntfy CLI names it, and the server stores each one', async () => {
    const run = await publish(
      [
        ...['--title', 'Größe 🚀 erreicht', '-p', 'high', '--tags', 'warning, skull', '--click', 'https://x.test/c'],
        ...['--icon', 'https://x.test/i.png', '--attach', 'https://x.test/f.zip', '--filename', 'f.zip', '--md'],
        ...['--actions', 'view, Open, https://x.test/o; http, "Restart, now", https://x.test/r, method=POST'],
        ...['-u', 'alice', `${server.url}/alerts`, 'Disk', 'full'],
      ],
      { env: { NTFY_PASSWORD: PASSWORD } },
    );
    expectServerLine(run, 'alerts');
    expect(run.code).toBe(0);
    const [stored] = server.cachedMessages();
    expect(stored).toMatchObject({
      topic: 'alerts',
      message: 'Disk full',
      title: 'Größe 🚀 erreicht',
      priority: 4,
      tags: ['warning', 'skull'],
      click: 'https://x.test/c',
      icon: 'https://x.test/i.png',
      attachment: { name: 'f.zip', url: 'https://x.test/f.zip' },
      content_type: 'text/markdown',
    });
    expect(stored?.actions).toMatchObject([
      { action: 'view', label: 'Open', url: 'https://x.test/o', clear: false },
      { action: 'http', label: 'Restart, now', url: 'https://x.test/r', method: 'POST', clear: false },
    ]);
    const entry = server.requests.find((request) => request.transport === 'publish');
    expect(entry?.user).toBe('alice');
  });

  it('sends --delay as typed and --no-cache as X-Cache: no', async () => {
    const delayed = await publish([`${server.url}/open`, 'later', '--delay', '30m', '--json']);
    expect(delayed.code).toBe(0);
    const answer = JSON.parse(delayed.stdout) as { time: number; message: string };
    expect(answer.message).toBe('later');
    expect(answer.time * 1000).toBeGreaterThan(Date.now() + 25 * 60_000);

    const uncached = await publish([`${server.url}/open`, 'now', '-C']);
    expect(uncached.code).toBe(0);
    const last = server.requests.filter((request) => request.transport === 'publish').at(-1);
    expect(last?.headers['x-cache']).toBe('no');
    expect(server.cachedMessages().map((message) => message.message)).not.toContain('now');
  });

  it('takes the message from stdin when none is given', async () => {
    const run = await publish([`${server.url}/open`], { stdin: 'Backup done\nall 3 disks\n' });
    expect(run.code).toBe(0);
    expect(server.cachedMessages().at(-1)?.message).toBe('Backup done\nall 3 disks');
  });

  it('prints the server`s answer as one JSON line, as ntfy does (--json, kept for scripts, changes nothing)', async () => {
    const run = await publish(['--json', '-t', 'Hi', `${server.url}/open`, 'hello']);
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines).toHaveLength(2);
    const stored = server.cachedMessages().at(-1);
    expect(JSON.parse(lines[0] ?? '')).toEqual(stored);
    expect(run.stderr).toBe('');
  });

  it('says a 403 is a read-only topic, with and without credentials, and exits 1', async () => {
    const readOnly = await publish(['-u', `alice:${PASSWORD}`, `${server.url}/announce`, 'x']);
    expect(readOnly.code).toBe(1);
    expect(readOnly.stderr).toContain(
      'not sent: no permission: the topic is read-only for this user (or needs credentials)',
    );
    expect(readOnly.stderr).toContain('(HTTP 403, 40301)');
    const anonymous = await publish([`${server.url}/alerts`, 'x']);
    expect(anonymous.code).toBe(1);
    expect(anonymous.stderr).toContain('the topic is read-only for this user (or needs credentials)');
    expect(server.cachedMessages()).toEqual([]);
  });

  it('uses the credentials login stored for the server, as subscribe does', async () => {
    const settings = openConfSettingsStore({ dir: dataDir, log: createConsoleLogger({ name: 't', write: () => {} }) });
    const saved = await settings.update((current) =>
      upsertServer(current, { url: server.url, auth: { kind: 'basic', user: 'alice' } }),
    );
    expect(saved.ok).toBe(true);
    // NTFY_PASSWORD stands in for the keychain, as it does for subscribe on machines without one.
    const run = await publish([`${server.url}/alerts`, 'stored'], { env: { NTFY_PASSWORD: PASSWORD } });
    expectServerLine(run, 'alerts');
    expect(run.code).toBe(0);
    expect(server.requests.find((request) => request.transport === 'publish')?.user).toBe('alice');
  });

  it('sends a bare topic to the data dir`s default server, as subscribe reads it', async () => {
    const settings = openConfSettingsStore({ dir: dataDir, log: createConsoleLogger({ name: 't', write: () => {} }) });
    expect((await settings.update((current) => ({ ...current, defaultServer: server.url }))).ok).toBe(true);
    const run = await publish(['open', 'to the default server']);
    expect(expectServerLine(run, 'open')).toMatchObject({ id: server.cachedMessages()[0]?.id });
    expect(run.code).toBe(0);
  });

  it('explains the server`s refusals in words: wrong password, delay bounds, too many actions', async () => {
    const wrong = await publishInProcess(['-u', 'alice:nope', `${server.url}/alerts`, 'x']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(
      'credentials not accepted: check the user name and password, or the token (HTTP 401, 40101)',
    );
    const soon = await publishInProcess([`${server.url}/open`, 'x', '--in', '5s']);
    expect(soon.stderr).toContain('the delay is too short: at least 10 seconds (HTTP 400, 40005)');
    const actions =
      'view, A, https://a.test; view, B, https://b.test; view, C, https://c.test; view, D, https://d.test';
    const many = await publishInProcess([`${server.url}/open`, 'x', '-A', actions]);
    expect(many.code).toBe(1);
    expect(many.stderr).toContain('the actions are not valid: only 3 actions allowed (HTTP 400, 40018)');
    const email = await publishInProcess([`${server.url}/open`, 'x', '-e', 'me@x.test']);
    expect(email.stderr).toContain('this server does not send e-mail (HTTP 400, 40001)');
  });

  it('exits 1 with the network failure when nothing listens, and 2 on a usage error', async () => {
    const url = server.url;
    await server.close();
    const down = await publishInProcess([`${url}/open`, 'x']);
    expect(down.code).toBe(1);
    expect(down.stderr).toBe(`ntfy-tray publish: not sent: can't reach ${new URL(url).host}: connection refused\n`);
    server = await startTestServer();
    const usage = await publishInProcess([`${server.url}/open`, '-p', 'loud', 'x']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toBe(
      'ntfy-tray publish: --priority loud: use 1-5 or min, low, default, high, urgent\n' +
        "Run 'ntfy-tray publish --help' for usage.\n",
    );
    const typo = await publishInProcess([`${server.url}/open`, '--titel', 'x']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("unknown option '--titel'; did you mean '--title'?");
    const badAction = await publishInProcess([`${server.url}/open`, '-A', 'jump, Go', 'x']);
    expect(badAction.code).toBe(2);
    expect(badAction.stderr).toContain('--actions: action 1: the kind must be view, http, broadcast, copy');
  });
});
