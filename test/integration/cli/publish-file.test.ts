/**
 * `ntfy-tray publish -f/--file` and `-q/--quiet` as processes against test/server (with an attachment store) on
 * 127.0.0.1, as ntfy's CLI uses them: a local file arrives byte for byte under its own name with the message beside
 * it, `--file -` reads it from stdin, a file over 15 MB or a missing one is refused before anything is sent, and
 * `-q` prints nothing on success.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/index.ts';
import { expectServerLine } from '../../support/publish-output.ts';
import { compileCacheEnv } from '../../support/compile-cache.ts';

const ENTRY = path.resolve(import.meta.dirname, '../../../main/cli.ts');
/** A 1×1 PNG: not UTF-8, so only an upload keeps its bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let server: TestServer;
let dir: string;

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `ntfy-tray publish` to its end with `stdin` written and closed. */
async function publish(args: readonly string[], stdin: Buffer | string = ''): Promise<Run> {
  const child = spawn(process.execPath, [ENTRY, 'publish', '--data-dir', dir, ...args], {
    env: { PATH: process.env['PATH'] ?? '', HOME: dir, LANG: 'C.UTF-8', ...compileCacheEnv() },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.end(stdin);
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

async function download(url: string | undefined): Promise<Buffer> {
  const answer = await fetch(url ?? '');
  return Buffer.from(await answer.arrayBuffer());
}

const publishes = (): number => server.requests.filter((request) => request.transport === 'publish').length;

beforeEach(async () => {
  server = await startTestServer({ attachments: true });
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-publish-file-'));
});

afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('ntfy-tray publish --file', () => {
  it('uploads a local file byte for byte under its name, with the message and title beside it', async () => {
    const file = path.join(dir, 'flower.png');
    await writeFile(file, PNG);

    const run = await publish(['-f', file, '-t', 'Größe 🚀', `${server.url}/flowers`, 'Nice!']);

    expectServerLine(run, 'flowers');
    expect(run.code).toBe(0);
    const [stored] = server.cachedMessages();
    expect(stored).toMatchObject({
      message: 'Nice!',
      title: 'Größe 🚀',
      attachment: { name: 'flower.png', type: 'image/png', size: PNG.length },
    });
    expect(await download(stored?.attachment?.url)).toEqual(PNG);
  });

  it('names it after --filename, and reads --file - from stdin as "stdin" (text stays a file too)', async () => {
    const file = path.join(dir, 'flower.png');
    await writeFile(file, PNG);
    expect((await publish(['--file', file, '--filename', 'rose.png', `${server.url}/flowers`])).code).toBe(0);
    const text = 'short text\n';
    expect((await publish(['--file', '-', `${server.url}/flowers`], text)).code).toBe(0);

    const [named, piped] = server.cachedMessages();
    expect(named).toMatchObject({ message: 'You received a file: rose.png', attachment: { name: 'rose.png' } });
    expect(piped).toMatchObject({ attachment: { name: 'stdin', size: text.length } });
    expect((await download(piped?.attachment?.url)).toString('utf8')).toBe(text);
  });

  it('refuses a file over 15 MB and a missing one, sending nothing', async () => {
    const large = path.join(dir, 'large.bin');
    const handle = await open(large, 'w');
    await handle.truncate(15 * 1024 * 1024 + 1); // sparse: no 15 MB written
    await handle.close();

    const tooLarge = await publish(['-f', large, `${server.url}/files`]);
    const missing = await publish(['-f', path.join(dir, 'nothing.png'), `${server.url}/files`]);

    expect(tooLarge.stderr).toBe(
      `ntfy-tray publish: not sent: ${large} is larger than 15 MB, the most an ntfy server takes as an ` +
        'attachment by default: put it where a link reaches it and send the link with --attach\n',
    );
    expect(tooLarge.code).toBe(1);
    expect(missing.stderr).toBe(`ntfy-tray publish: not sent: ${path.join(dir, 'nothing.png')}: no such file\n`);
    expect(missing.code).toBe(1);
    expect(publishes()).toBe(0);
  });
});

describe('ntfy-tray publish -q', () => {
  it('prints nothing on success, with or without --json, and the message arrives', async () => {
    const quiet = await publish(['-q', `${server.url}/open`, 'hush']);
    const quietJson = await publish(['--quiet', '--json', `${server.url}/open`, 'hush json']);

    expect(quiet).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(quietJson).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(server.cachedMessages().map((message) => message.message)).toEqual(['hush', 'hush json']);
  });

  it('still says why when the message was not sent', async () => {
    server.faults.failNext(1, { status: 507, body: { code: 50701, http: 507, error: 'insufficient storage' } });

    const run = await publish(['-q', `${server.url}/open`, 'x']);

    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'ntfy-tray publish: not sent: the server failed: "insufficient storage" (HTTP 507, 50701)\n',
    );
  });
});
