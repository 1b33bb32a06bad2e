/**
 * The child processes of the end-to-end benchmark: the server-and-publisher (IPC), and readers whose stdout is
 * stamped line by line in this process. Every child is started with this Node (`process.execPath`), so
 * `npm run bench` runs them all on the Node that npm puts first on PATH.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { ArrivalLog } from './e2e-lines.ts';
import { isServerReport, type ParentRequest, type PublishPlan, type ServerReport } from './e2e-ipc.ts';

type DoneReport = Extract<ServerReport, { type: 'done' }>;
type RequestBody =
  | { readonly type: 'publish'; readonly plan: PublishPlan }
  | { readonly type: 'wait-subscribers'; readonly topic: string; readonly count: number; readonly timeoutMs: number }
  | { readonly type: 'wait-no-subscribers'; readonly timeoutMs: number };

export interface ServerProcess {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** Resolves when the server process has done it (for `publish`: after the last message was published). */
  request(body: RequestBody): Promise<DoneReport>;
  close(): Promise<void>;
}

/** The exit code (null after a signal, or when the process could not be started: then 'error' comes, no 'exit'). */
function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.once('error', (error) => {
      console.error(`e2e: child process ${child.spawnfile}: ${error.message}`);
      resolve(null);
    });
  });
}

export function startServerProcess(): Promise<ServerProcess> {
  const child = fork(new URL('./e2e-server-process.ts', import.meta.url), [], { stdio: 'inherit' });
  const pending = new Map<number, { resolve: (report: DoneReport) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  return new Promise((resolveReady, rejectReady) => {
    child.once('error', rejectReady);
    child.once('exit', (code) => {
      const error = new Error(`the e2e server process exited (${code ?? 'signal'})`);
      rejectReady(error);
      for (const waiter of pending.values()) waiter.reject(error);
      pending.clear();
    });
    child.on('message', (message: unknown) => {
      if (!isServerReport(message)) {
        console.error('e2e: ignoring an unknown message from the server process', message);
        return;
      }
      if (message.type === 'ready') {
        resolveReady({
          url: message.url,
          request: (body) => {
            const requestId = nextId++;
            return new Promise((resolve, reject) => {
              pending.set(requestId, { resolve, reject });
              child.send({ ...body, requestId } satisfies ParentRequest);
            });
          },
          close: async () => {
            if (child.connected) child.send({ type: 'close' } satisfies ParentRequest);
            await exited(child);
          },
        });
        return;
      }
      const waiter = pending.get(message.requestId);
      pending.delete(message.requestId);
      if (message.type === 'done') waiter?.resolve(message);
      else waiter?.reject(new Error(`e2e server: ${message.error}`));
    });
  });
}

export interface ReaderProcess {
  readonly name: string;
  /** The child's process id; undefined when it could not be started. */
  readonly pid: number | undefined;
  readonly log: ArrivalLog;
  /** Bytes read from its stdout so far. */
  readonly stdoutBytes: number;
  /**
   * Stops reading its stdout: this process keeps at most the stream's highWaterMark, then the pipe fills and the
   * child's writes wait (the stalled reader). `resumeOutput` reads again.
   */
  pauseOutput(): void;
  resumeOutput(): void;
  /** True once `count` different messages of `label` arrived; false if `timeoutMs` passed first. */
  waitFor(label: string, count: number, timeoutMs: number): Promise<boolean>;
  /** SIGTERM, then the exit code (the CLI flushes and exits 0 on SIGTERM). */
  stop(): Promise<number | null>;
  /** The last few kilobytes of its stderr, for reports of what went wrong. */
  stderrTail(): string;
  /** Calls `listener` with each stderr chunk from now on; returns the unsubscribe function. */
  onStderr(listener: (chunk: string) => void): () => void;
}

const STDERR_TAIL_CHARS = 4000;

/** Starts `node <args>` and stamps its stdout lines on arrival (`performance.timeOrigin + performance.now()`). */
export function startReader(name: string, args: readonly string[]): ReaderProcess {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const log = new ArrivalLog();
  let stderr = '';
  let stdoutBytes = 0;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    stdoutBytes += Buffer.byteLength(chunk);
    log.feed(chunk, performance.timeOrigin + performance.now());
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
  });
  const exit = exited(child);
  return {
    name,
    pid: child.pid,
    log,
    get stdoutBytes() {
      return stdoutBytes;
    },
    pauseOutput: () => {
      child.stdout.pause();
    },
    resumeOutput: () => {
      child.stdout.resume();
    },
    waitFor: async (label, count, timeoutMs) => {
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        log.waitFor(label, count).then(() => 'complete' as const),
        // A bound on a broken run, not a measurement: a reader that lost messages is reported, not waited for.
        new Promise<'timeout'>((resolve) => {
          timer = setTimeout(resolve, timeoutMs, 'timeout');
        }),
        exit.then((code) => {
          throw new Error(`${name} exited (${code ?? 'signal'}) during the run:\n${stderr}`);
        }),
      ]).finally(() => {
        clearTimeout(timer);
      });
      return outcome === 'complete';
    },
    stop: () => {
      child.kill('SIGTERM');
      return exit;
    },
    stderrTail: () => stderr,
    onStderr: (listener) => {
      child.stderr.on('data', listener);
      return () => {
        child.stderr.off('data', listener);
      };
    },
  };
}

export type Transport = 'json' | 'sse' | 'ws';

const CLI = fileURLToPath(new URL('../main/cli.ts', import.meta.url));

/** The CLI as a user runs it: `node main/cli.ts subscribe --json --transport <t> --data-dir <dir> <url>/<topic>`. */
export function startCli(options: {
  readonly serverUrl: string;
  readonly topic: string;
  readonly transport: Transport;
  /** A fresh directory per run, so no resume point or lock of another run applies. */
  readonly dataDir: string;
  /** Node options before the script (`--expose-gc`, `--import <probe>`). */
  readonly nodeFlags?: readonly string[];
}): ReaderProcess {
  const { serverUrl, topic, transport, dataDir, nodeFlags = [] } = options;
  return startReader('CLI', [
    ...nodeFlags,
    CLI,
    'subscribe',
    '--json',
    '--transport',
    transport,
    '--data-dir',
    dataDir,
    `${serverUrl}/${topic}`,
  ]);
}
