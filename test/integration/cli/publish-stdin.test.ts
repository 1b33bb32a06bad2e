/**
 * `… | ntfy-tray publish <topic>` as processes in a real pipe against test/server with an attachment cache: an endless
 * producer is refused at 15 MB, a finite stdin of exactly 15 MB is sent and one byte more is not, a PNG arrives as an
 * attachment with its exact bytes, long text as attachment.txt;
 * and the failures of a publish in words (the server's own text of a 5xx, a delay in the past), in German too.
 */
import { type ChildProcess, spawn, type StdioOptions } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/index.ts';
import { expectServerLine } from '../../support/publish-output.ts';
import { compileCacheEnv } from '../../support/compile-cache.ts';

const ENTRY = path.resolve(import.meta.dirname, '../../../main/cli.ts');
const GERMAN = { LANG: 'de_DE.UTF-8' };
/** A 1×1 PNG: its first byte (0x89) alone makes it invalid UTF-8. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let server: TestServer;
let dataDir: string;
/** Our children still running: a CLI that never ends (the old code read an endless pipe until it ran out of memory). */
const running = new Set<ChildProcess>();

function track(child: ChildProcess): ChildProcess {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `ntfy-tray publish` to its end with `stdin` as its stdin: bytes written and closed, or a pipe's read end. */
async function publish(
  args: readonly string[],
  options: { stdin?: Buffer | string | ChildProcess['stdout']; env?: Record<string, string> } = {},
): Promise<Run> {
  const given = options.stdin;
  const stdinIsStream = given !== undefined && given !== null && typeof given !== 'string' && !Buffer.isBuffer(given);
  const stdio: StdioOptions = [stdinIsStream ? given : 'pipe', 'pipe', 'pipe'];
  const child = track(
    spawn(process.execPath, [ENTRY, 'publish', ...args, '--data-dir', dataDir], {
      env: { PATH: process.env['PATH'] ?? '', HOME: dataDir, LANG: 'C.UTF-8', ...compileCacheEnv(), ...options.env },
      stdio,
    }),
  );
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  if (!stdinIsStream) child.stdin?.end(given ?? '');
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

/** A process that writes to its stdout forever, as `yes` does (killed after each test). */
function endlessProducer(): ChildProcess {
  const script =
    "const chunk = Buffer.alloc(65536, 'y\\n');" +
    'const write = () => { while (process.stdout.write(chunk)); process.stdout.once("drain", write); };' +
    'process.stdout.on("error", () => process.exit(0)); write();';
  return track(spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'ignore'] }));
}

/** What our own sentences say, without the server's words we quote („…“ or "…"). */
function ourWords(text: string): string {
  return text.replace(/„[^“]*“/g, '').replace(/"[^"]*"/g, '');
}

/** Words of the English failures that a German line must not contain. */
const ENGLISH = /\b(the|cannot|reach|answered|redirected|message|failed|refused|holds|most|delay|past|use|with)\b/i;

/** Each line is German, and what is not the server's quoted text has no English word. */
function expectGerman(lines: readonly string[]): void {
  for (const line of lines) {
    expect(line).toMatch(/^ntfy-tray publish: nicht gesendet: /);
    expect(ourWords(line)).not.toMatch(ENGLISH);
  }
}

beforeEach(async () => {
  server = await startTestServer({ attachments: true });
  dataDir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-publish-stdin-'));
});

afterEach(async () => {
  for (const child of running) child.kill('SIGKILL');
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('ntfy-tray publish with stdin', () => {
  it('refuses an endless stdin once it holds more than 15 MB: stops reading, sends nothing, exits 1', async () => {
    const run = await publish([`${server.url}/open`], { stdin: endlessProducer().stdout });
    expect(run.stderr).toBe(
      'ntfy-tray publish: not sent: stdin holds more than 15 MB, the most an ntfy server takes as an attachment ' +
        'by default: shorten it, or put the file where a link reaches it and send the link with --attach\n',
    );
    expect(run.code).toBe(1);
    expect(server.requests.filter((request) => request.transport === 'publish')).toEqual([]);
    expect(server.cachedMessages()).toEqual([]);
  });

  it('sends a finite stdin of exactly 15 MB (15 MiB) and refuses one byte more, unsent', async () => {
    const limit = 15 * 1024 * 1024; // ntfy's default attachment-file-size-limit (server/config.go)
    await server.close();
    // A server that takes twice that: only the CLI's own limit can refuse.
    server = await startTestServer({ attachments: { fileSizeLimitBytes: 2 * limit } });
    const bytes = Buffer.alloc(limit + 1, 0x89); // not UTF-8: sent as a file, byte for byte
    const atLimit = await publish([`${server.url}/open`], { stdin: bytes.subarray(0, limit) });
    expect(atLimit.code).toBe(0);
    expect(server.cachedMessages().map((message) => message.attachment?.size)).toEqual([limit]);

    const over = await publish([`${server.url}/open`], { stdin: bytes });
    expect(over.stderr).toMatch(/^ntfy-tray publish: not sent: stdin holds more than 15 MB/);
    expect(over.code).toBe(1);
    expect(server.requests.filter((request) => request.transport === 'publish')).toHaveLength(1);
  });

  it('sends a PNG piped in as an attachment with its exact bytes, named after its type', async () => {
    const run = await publish([`${server.url}/open`, '-t', 'Größe 🚀'], { stdin: PNG });
    expectServerLine(run, 'open');
    expect(run.code).toBe(0);
    const [stored] = server.cachedMessages();
    expect(stored).toMatchObject({
      title: 'Größe 🚀',
      message: 'You received a file: attachment.png',
      attachment: { name: 'attachment.png', type: 'image/png', size: PNG.length },
    });
    const file = await fetch(stored?.attachment?.url ?? '');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);
  });

  it('sends text over 4096 bytes trimmed as ntfy does, which the server keeps as an attachment', async () => {
    const piped = 'Zeile mit Umlauten äöü\n'.repeat(600); // 15 600 bytes, over the 8192 of a JSON publish
    const text = piped.trimEnd(); // strings.TrimSpace (cmd/publish.go): the last line break goes
    const run = await publish([`${server.url}/open`], { stdin: piped });
    expect(run.code).toBe(0);
    const [stored] = server.cachedMessages();
    expect(stored?.attachment).toMatchObject({ name: 'attachment.txt', size: Buffer.byteLength(text) });
    const file = await fetch(stored?.attachment?.url ?? '');
    expect(await file.text()).toBe(text);
  });

  it('says 41301 in words when the server takes smaller attachments than the file', async () => {
    await server.close();
    server = await startTestServer({ attachments: { fileSizeLimitBytes: 64 } });
    const run = await publish([`${server.url}/open`], { stdin: PNG });
    expect(run.stderr).toBe(
      'ntfy-tray publish: not sent: the attachment is too large for this server, or its upload allowance is used ' +
        'up (HTTP 413, 41301)\n',
    );
    expect(run.code).toBe(1);
  });

  it('refuses binary stdin with --attach, where stdin would be the message', async () => {
    const run = await publish([`${server.url}/open`, '--attach', 'https://x.test/f.zip'], { stdin: PNG });
    expect(run.stderr).toContain('with --attach, what stdin holds is the message and must be text of at most 4096');
    expect(run.code).toBe(1);
    expect(server.cachedMessages()).toEqual([]);
  });
});

describe('ntfy-tray publish failures in words', () => {
  it('shows the server`s own explanation of a 5xx', async () => {
    server.faults.failNext(1, { status: 507, body: { code: 50701, http: 507, error: 'insufficient storage' } });
    const run = await publish([`${server.url}/open`, 'x']);
    expect(run.stderr).toBe(
      'ntfy-tray publish: not sent: the server failed: "insufficient storage" (HTTP 507, 50701)\n',
    );
    expect(run.code).toBe(1);
  });

  it('says a --delay Unix time is in the past, and which time it is', async () => {
    const run = await publish([`${server.url}/open`, 'x', '--delay', '1000000000']);
    expect(run.stderr).toBe(
      'ntfy-tray publish: not sent: the delay 1000000000 is a Unix time in the past (2001-09-09T01:46:40.000Z): ' +
        'give a later one, or a duration like 30m (HTTP 400, 40004)\n',
    );
    expect(run.code).toBe(1);
  });

  it('words the server`s failures in German, with no English but the server`s quoted text', async () => {
    const lines: string[] = [];
    server.faults.failNext(1, { status: 507, body: { code: 50701, http: 507, error: 'insufficient storage' } });
    lines.push((await publish([`${server.url}/open`, 'x'], { env: GERMAN })).stderr);
    expect(lines.at(-1)).toBe(
      'ntfy-tray publish: nicht gesendet: der Server hat einen Fehler: „insufficient storage“ (HTTP 507, 50701)\n',
    );
    lines.push((await publish([`${server.url}/open`, 'x', '--in', '1000000000'], { env: GERMAN })).stderr);
    expect(lines.at(-1)).toContain('Unix-Zeit in der Vergangenheit (2001-09-09T01:46:40.000Z)');
    server.faults.failNext(1, { status: 307 });
    lines.push((await publish([`${server.url}/open`, 'x'], { env: GERMAN })).stderr);
    expect(lines.at(-1)).toContain('umgeleitet');
    server.faults.failNext(1, { status: 200, body: { healthy: true } });
    lines.push((await publish([`${server.url}/open`, 'x'], { env: GERMAN })).stderr);
    expect(lines.at(-1)).toContain('nicht mit einer Nachricht');
    expectGerman(lines);
  });

  it('words the refusals of stdin and an unreachable server in German', async () => {
    const lines: string[] = [];
    lines.push((await publish([`${server.url}/open`], { stdin: endlessProducer().stdout, env: GERMAN })).stderr);
    expect(lines.at(-1)).toContain('stdin enthält mehr als 15 MB');
    lines.push((await publish([`${server.url}/open`, '-a', 'https://x.test/f'], { stdin: PNG, env: GERMAN })).stderr);
    expect(lines.at(-1)).toContain('mit --attach ist der Inhalt von stdin die Nachricht');
    const url = server.url;
    await server.close();
    lines.push((await publish([`${url}/open`, 'x'], { env: GERMAN })).stderr);
    expect(lines.at(-1)).toBe(
      `ntfy-tray publish: nicht gesendet: ${new URL(url).host} ist nicht erreichbar: Verbindung abgelehnt\n`,
    );
    server = await startTestServer();
    expectGerman(lines);
  });
});
