/**
 * A publisher (or a server) that writes terminal control sequences: what `ntfy-tray subscribe` prints, through the
 * real command in a real pipe, holds no character a terminal would act on — not in the readable lines, not in
 * `--json`, not in a server's error quoted on stderr (main/core/cli/terminal-text.ts, docs/security.md).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/index.ts';
import { type CliProcess, startCli } from '../../support/cli-process.ts';

const ESC = '\u001b';
const BEL = '\u0007';
/** Clipboard write, a hidden link, a new window title, a cleared screen, a bare CR, a C1 CSI, a bidi override. */
const HOSTILE_BODY = `${ESC}]52;c;ZWNobyBwd25lZA==${BEL} ${ESC}]8;;https://evil.example${BEL}docs${ESC}]8;;${BEL} all good\rPWNED \u009b2J abc\u202edcba`;
const HOSTILE_TITLE = `${ESC}]0;owned${BEL}${ESC}[2J`;
// eslint-disable-next-line no-control-regex -- the test looks for control characters
const ACTIVE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

let server: TestServer;
let dataDir: string;
const running: CliProcess[] = [];

function cli(args: readonly string[]): CliProcess {
  const process = startCli(['subscribe', '--data-dir', dataDir, ...args]);
  running.push(process);
  return process;
}

beforeEach(async () => {
  server = await startTestServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-hostile-'));
});

afterEach(async () => {
  for (const process of running.splice(0)) process.child.kill('SIGKILL');
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('terminal control sequences from a publisher or a server', () => {
  it('are shown as visible escapes in the readable lines, and the message still reads', async () => {
    const subscriber = cli(['--text', `${server.url}/hostile`]);
    await subscriber.waitForStderr(/connected/);
    await server.publish('hostile', { message: HOSTILE_BODY, title: HOSTILE_TITLE });
    const [line] = await subscriber.waitForStdoutLines(1);
    expect(line).not.toMatch(ACTIVE);
    expect(line).toContain('\\x1b]52;c;');
    expect(line).toContain('all good\\x0dPWNED');
    expect(line).toContain('abc\\u202edcba');
  });

  it('are escaped in --json, which parses to the message exactly as published', async () => {
    const subscriber = cli(['--json', `${server.url}/hostile`]);
    await subscriber.waitForStderr(/connected/);
    await server.publish('hostile', { message: HOSTILE_BODY, title: HOSTILE_TITLE });
    const [line] = await subscriber.waitForStdoutLines(1);
    expect(line).not.toMatch(ACTIVE);
    expect(JSON.parse(line ?? '')).toMatchObject({ message: HOSTILE_BODY, title: HOSTILE_TITLE });
  });

  it("in a server's error text are shown as escapes on stderr", async () => {
    server.faults.failNext(1, {
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 50001, http: 500, error: `${ESC}]0;owned${BEL}${ESC}[2Jdisk on fire` }),
    });
    const subscriber = cli(['--poll', `${server.url}/hostile`]);
    expect(await subscriber.exited()).not.toBe(0);
    expect(subscriber.stderr()).toContain('disk on fire');
    expect(subscriber.stderr()).not.toMatch(ACTIVE);
  });
});
