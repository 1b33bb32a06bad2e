/**
 * A subscription's command, run by the app's main process (core/app/subscription-commands.ts) on the Electron test
 * runtime: set in the subscription editor, it runs for each published message with ntfy's environment (the
 * message only in the environment, never on the command line), and a failed run shows in the window with the end
 * of its stderr, and is logged; a SIGTERM to the app quits it and ends every command's process group. Linux only (vitest.config.ts): the command is `sh` syntax.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { SubscriptionDto } from '../../../common/ipc.ts';
import { APP_TEST_TIMEOUT_MS } from '../../electron-runtime/app-session.ts';
import type { LaunchedApp } from '../../electron-runtime/launch-app.ts';
import type { PageGlobals } from '../../electron-runtime/page-globals.ts';
import { waitForPageText } from '../../support/app-page.ts';
import { allEnded, pidsIn } from '../../support/process-alive.ts';
import { registerAppTestHooks } from '../../support/app-test-hooks.ts';

const { cleanUpAfterTest, startServer, launchSubscribed } = registerAppTestHooks();

// A launch per test (issue 25 §11): each reads the whole history and the first subscription of its own profile.

/** What the page offers these tests beyond PageGlobals (they are type-checked for Node, without the DOM). */
interface EditorPage {
  readonly document: {
    querySelector(selector: string): { click(): void; textContent: string | null } | null;
    querySelectorAll(selector: string): ArrayLike<{ click(): void; textContent: string | null }>;
  };
  readonly HTMLInputElement: { readonly prototype: object };
  readonly Event: new (type: string, init: { bubbles: boolean }) => object;
}

/** Budget for a stuck run, not a speed check: the command runs on two cores shared with other tests. */
const WAIT = { timeout: 30_000, interval: 50 };

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-commands-'));
  cleanUpAfterTest(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function subscriptions(app: LaunchedApp): Promise<readonly SubscriptionDto[]> {
  const result = await app.evaluate(() => (globalThis as unknown as PageGlobals).ntfy.listSubscriptions(), null);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** Opens the subscriptions view and the editor of its first subscription, types `command` and saves. */
async function setCommandInEditor(app: LaunchedApp, command: string): Promise<string> {
  await app.evaluate(() => {
    const page = globalThis as unknown as EditorPage;
    const nav = Array.from(page.document.querySelectorAll('.app-nav button'));
    nav.find((button) => button.textContent === 'Subscriptions')?.click();
  }, null);
  await app.waitForFunction(
    () => (globalThis as unknown as EditorPage).document.querySelector('.subscription-row button') !== null,
    null,
  );
  await app.evaluate(() => {
    const buttons = Array.from(
      (globalThis as unknown as EditorPage).document.querySelectorAll('.subscription-row button'),
    );
    buttons.find((button) => button.textContent === 'Edit')?.click();
  }, null);
  await app.waitForFunction(
    () => (globalThis as unknown as EditorPage).document.querySelector('input[name="command"]') !== null,
    null,
  );
  const variables = await app.evaluate(
    () => (globalThis as unknown as EditorPage).document.querySelector('.command-variables')?.textContent ?? '',
    null,
  );
  await app.evaluate((text) => {
    const page = globalThis as unknown as EditorPage;
    const input = page.document.querySelector('input[name="command"]');
    // React listens for 'input' and reads the value through the prototype's setter, as a typed key does.
    Reflect.set(page.HTMLInputElement.prototype, 'value', text, input);
    (input as unknown as { dispatchEvent(event: object): void }).dispatchEvent(
      new page.Event('input', { bubbles: true }),
    );
    page.document.querySelector('.subscription-editor button[type="submit"]')?.click();
  }, command);
  await vi.waitFor(async () => {
    expect((await subscriptions(app))[0]?.command).toBe(command);
  }, WAIT);
  return variables;
}

/** `env -0` records, each ended by an `END` entry, as name → value maps. */
function envRecords(text: string): Map<string, string>[] {
  const records: Map<string, string>[] = [];
  let current = new Map<string, string>();
  for (const entry of text.split('\0')) {
    if (entry === 'END') {
      records.push(current);
      current = new Map();
      continue;
    }
    const at = entry.indexOf('=');
    if (at > 0) current.set(entry.slice(0, at), entry.slice(at + 1));
  }
  return records;
}

describe('subscription commands in the app', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  it("runs the editor's command for each message, in order, with ntfy's environment and never the text as code", async () => {
    const dir = await tempDir();
    const out = path.join(dir, 'env.bin');
    const pwned = path.join(dir, 'pwned');
    const server = await startServer();
    const app = await launchSubscribed(server, 'alerts');
    const variables = await setCommandInEditor(app, `env -0 >> '${out}' && printf 'END\\0' >> '${out}'`);
    // The editor says what the command will receive.
    for (const name of ['$NTFY_MESSAGE', '$m', '$NTFY_TITLE', '$t', '$NTFY_PRIORITY', '$p', '$NTFY_TAGS', '$NTFY_RAW'])
      expect(variables).toContain(name);

    const first = await server.publish('alerts', {
      message: `disk full $(touch ${pwned}) \`touch ${pwned}\``,
      title: 'Backups',
      priority: 4,
      tags: ['warning', 'disk'],
    });
    const second = await server.publish('alerts', { message: 'second' });
    const third = await server.publish('alerts', { message: 'third' });

    await vi.waitFor(async () => {
      expect(envRecords(await readFile(out, 'utf8').catch(() => ''))).toHaveLength(3);
    }, WAIT);
    const records = envRecords(await readFile(out, 'utf8'));
    expect(records.map((env) => env.get('NTFY_ID'))).toEqual([first.id, second.id, third.id]);
    const env = records[0];
    expect(
      Object.fromEntries([...(env ?? [])].filter(([name]) => /^(NTFY_|m$|t$|p$|message$|title$)/.test(name))),
    ).toMatchObject({
      NTFY_ID: first.id,
      NTFY_TOPIC: 'alerts',
      NTFY_TIME: String(first.time),
      NTFY_MESSAGE: `disk full $(touch ${pwned}) \`touch ${pwned}\``,
      message: `disk full $(touch ${pwned}) \`touch ${pwned}\``,
      m: `disk full $(touch ${pwned}) \`touch ${pwned}\``,
      NTFY_TITLE: 'Backups',
      t: 'Backups',
      NTFY_PRIORITY: '4',
      p: '4',
      NTFY_TAGS: 'warning,disk',
    });
    expect(JSON.parse(env?.get('NTFY_RAW') ?? '{}')).toMatchObject({ id: first.id, event: 'message' });
    // The app's own environment is inherited, as the CLI's is.
    expect(env?.has('HOME')).toBe(true);
    expect(env?.has('PATH')).toBe(true);
    // The message's text reached the shell only as a value: nothing in it ran.
    expect(existsSync(pwned)).toBe(false);
    expect((await subscriptions(app))[0]?.commandFailure).toBeUndefined();
  });

  it('shows a failed run in the window with the end of its stderr, logs it, and clears it after a good run', async () => {
    const dir = await tempDir();
    const server = await startServer();
    const app = await launchSubscribed(server, 'alerts');
    await setCommandInEditor(app, `echo 'printer on fire' >&2; exit 3`);

    const published = await server.publish('alerts', { message: 'print this' });
    await waitForPageText(app, 'exit code 3');
    await waitForPageText(app, 'printer on fire');
    const [failed] = await subscriptions(app);
    expect(failed?.commandFailure).toMatchObject({
      messageId: published.id,
      exitCode: 3,
      stderrTail: 'printer on fire',
    });
    expect(app.output()).toContain('subscription command failed');
    // The message itself was stored as any other: a failing command stops nothing.
    const stored = await app.evaluate(
      () => (globalThis as unknown as PageGlobals).ntfy.listMessages({ limit: 5 }),
      null,
    );
    expect(stored.ok && stored.value.messages.map((message) => message.message)).toEqual(['print this']);

    const done = path.join(dir, 'done');
    const id = failed?.id ?? 'missing';
    const saved = await app.evaluate((input) => (globalThis as unknown as PageGlobals).ntfy.saveSubscription(input), {
      id,
      server: server.url,
      topic: 'alerts',
      command: `touch '${done}'`,
    });
    expect(saved.ok).toBe(true);
    await server.publish('alerts', { message: 'print this too' });
    await vi.waitFor(() => {
      expect(existsSync(done)).toBe(true);
    }, WAIT);
    await app.waitForFunction(
      () => !((globalThis as unknown as PageGlobals).document.body.textContent ?? '').includes('exit code 3'),
      null,
    );
    expect((await subscriptions(app))[0]?.commandFailure).toBeUndefined();
  });

  it("SIGTERM quits the app as the menu's Quit does, and every command's process group ends with it", async () => {
    const dir = await tempDir();
    const pidFile = path.join(dir, 'pids');
    const server = await startServer();
    const app = await launchSubscribed(server, 'alerts');
    const id = (await subscriptions(app))[0]?.id ?? 'missing';
    const saved = await app.evaluate((input) => (globalThis as unknown as PageGlobals).ntfy.saveSubscription(input), {
      id,
      server: server.url,
      topic: 'alerts',
      command: `echo $$ >> '${pidFile}'; sleep 60 & echo $! >> '${pidFile}'; wait`,
    });
    expect(saved.ok).toBe(true);
    await server.publish('alerts', { message: 'hold on' });
    let pids: number[] = [];
    await vi.waitFor(async () => {
      pids = pidsIn(await readFile(pidFile, 'utf8').catch(() => ''));
      expect(pids).toHaveLength(2);
    }, WAIT);
    process.kill(app.pid, 'SIGTERM');
    expect(await app.exited).toMatchObject({ code: 0 });
    await allEnded(pids);
  });
});
