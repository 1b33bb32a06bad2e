#!/usr/bin/env node
/**
 * Headless composition root (`ntfy-tray …`): builds the core with Node adapters — real clock, fetch and `ws`
 * transports, the data-dir store, stdout/stderr — and nothing else.
 */
import { readFileSync } from 'node:fs';
import { defaultDataDir } from './core/cli/data-dir.ts';
import { parseSubscribeArgs, SUBSCRIBE_USAGE } from './core/cli/subscribe-args.ts';
import { EXIT, runSubscribe } from './core/cli/subscribe-command.ts';
import { checkTopicAccess, pollOnce } from './core/engine/http-requests.ts';
import { createConsoleLogger } from './core/logging.ts';
import type { Clock, TimerHandle } from './core/ports.ts';
import { CursorFileStore } from './core/store/cursor-file-store.ts';
import { openTransport } from './core/transports/index.ts';

const USAGE = `Usage: ntfy-tray <command> [options]

Commands:
  subscribe   print messages of one or more topics (ntfy-tray subscribe --help)

  --version   print the version`;

const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, delayMs) => ({ id: setTimeout(callback, delayMs) }),
  clearTimeout: (handle: TimerHandle) => {
    clearTimeout(handle.id as NodeJS.Timeout);
  },
};

/** package.json is one folder up from main/cli.ts and two from the built dist/main/cli.js. */
function readVersion(): string {
  for (const relative of ['../package.json', '../../package.json']) {
    let text: string;
    try {
      text = readFileSync(new URL(relative, import.meta.url), 'utf8');
    } catch {
      continue; // not in this folder: try the next one up
    }
    const packageJson = JSON.parse(text) as { name?: string; version?: string };
    if (packageJson.name === 'ntfy-tray' && packageJson.version !== undefined) return packageJson.version;
  }
  return 'unknown';
}

function stopSignal(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => {
      resolve();
    });
    process.once('SIGTERM', () => {
      resolve();
    });
  });
}

function writeStdout(text: string): void {
  process.stdout.write(text);
}

function writeStderr(text: string): void {
  process.stderr.write(text);
}

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '--version' || command === '-v') {
    writeStdout(`${readVersion()}\n`);
    return EXIT.ok;
  }
  if (command === undefined || command === '-h' || command === '--help') {
    (command === undefined ? writeStderr : writeStdout)(`${USAGE}\n`);
    return command === undefined ? EXIT.usage : EXIT.ok;
  }
  if (command !== 'subscribe') {
    writeStderr(`unknown command: ${command}\n${USAGE}\n`);
    return EXIT.usage;
  }
  const parsed = parseSubscribeArgs(rest, process.env);
  if (parsed.ok === 'help') {
    writeStdout(`${SUBSCRIBE_USAGE}\n`);
    return EXIT.ok;
  }
  if (!parsed.ok) {
    writeStderr(`ntfy-tray subscribe: ${parsed.error}\n\n${SUBSCRIBE_USAGE}\n`);
    return EXIT.usage;
  }
  const plan = parsed.value;
  const debug = process.env['NTFY_TRAY_LOG'] === 'debug';
  const log = createConsoleLogger({
    name: 'ntfy-tray',
    write: (level, line) => {
      if (level !== 'debug' || debug) writeStderr(`${level}: ${line}\n`);
    },
  });
  const history = await CursorFileStore.open({
    dataDir: plan.dataDir ?? defaultDataDir(process.env, process.platform),
  });
  try {
    return await runSubscribe(plan, {
      stdout: writeStdout,
      stderr: writeStderr,
      clock: systemClock,
      random: Math.random,
      log,
      openTransport,
      poll: pollOnce,
      checkTopicAccess,
      history,
      stopSignal: stopSignal(),
    });
  } finally {
    await history.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
    // Open sockets or timers must not keep a finished command alive.
    setImmediate(() => process.exit(code));
  },
  (error: unknown) => {
    writeStderr(`ntfy-tray: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(EXIT.fatal);
  },
);
