/**
 * Runs `ntfy-tray <args>` in this process: the same runCli that main/cli.ts runs (main/cli-run.ts), with its own
 * stdout, stderr and environment, and the language taken from that environment as main/cli.ts takes it. For argument
 * parsing, usage and help texts and wording, where a process per case only costs time; what a process adds (exit
 * codes reaching the shell, pipes, signals, stdin) stays with test/support/cli-process.ts, one test per command.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { runCli } from '../../main/cli-run.ts';
import { localeFromEnv } from '../../common/i18n/posix-locale.ts';
import { setLocale } from '../../common/i18n/translate.ts';

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** A home folder with nothing in it: no data folder, no client.yml, whatever the developer's own home holds. */
let emptyHome: string | undefined;

/**
 * English ("C") unless `env` says otherwise, as startCli does; nothing else of the test runner's environment is
 * passed on. The run must end by itself: a command that would wait for a signal never gets one here.
 */
export async function runCliInProcess(
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): Promise<CliResult> {
  emptyHome ??= mkdtempSync(path.join(tmpdir(), 'ntfy-tray-in-process-home-'));
  const fullEnv = { HOME: emptyHome, LANG: 'C.UTF-8', ...env };
  const stdout = new PassThrough();
  let out = '';
  stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  let err = '';
  const stdin = Object.assign(Readable.from([]), { isTTY: false }) as unknown as NodeJS.ReadStream;
  setLocale(localeFromEnv(fullEnv));
  try {
    const code = await runCli(args, {
      env: fullEnv,
      stdout,
      stderr: (text) => (err += text),
      stdin,
      pid: process.pid,
      platform: process.platform,
      homeDir: emptyHome,
      stopSignal: () => new Promise<void>(() => undefined),
    });
    return { code, stdout: out, stderr: err };
  } finally {
    setLocale(['en-US']);
  }
}
