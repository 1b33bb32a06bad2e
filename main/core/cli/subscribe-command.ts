/**
 * `ntfy-tray subscribe`: the engine without a window. Runs until SIGINT/SIGTERM or until the reader of stdout goes
 * away (then flushes and exits 0), until every connection has stopped for good — an authentication failure
 * (exit 3: it never keeps hammering the server) or a permanent error (exit 1) — while the others keep running;
 * `--poll` prints what is cached and exits.
 *
 * stdout is this command's sink: a message is printed first and committed (stored, resume point moved) only once
 * its write has completed, so a restart after a crash prints again what may not have reached the reader, and a
 * reader that stops reading slows the stream down instead of growing our memory.
 */
import type { ConnectionStatus } from '../engine/connection-types.ts';
import { createEngine } from '../engine/create-engine.ts';
import { groupSubscriptions } from '../engine/groups.ts';
import type { CheckTopicAccess, Poll } from '../engine/http-requests.ts';
import type { DeliveredBatch } from '../delivery/deliver.ts';
import type { Clock, HistoryStore, Logger } from '../ports.ts';
import type { NtfyMessage, NtfyMessageChange } from '../protocol/types.ts';
import { requestForSpec } from '../engine/spec-request.ts';
import type { OpenTransport } from '../transports/transport.ts';
import {
  commandTable,
  type CommandTable,
  dispatchItems,
  type RunCommand,
  StoppedBeforeRunError,
} from './command-dispatch.ts';
import { OutputClosedError, type OutputSink } from './output-sink.ts';
import { describeStatus, formatChangeJson, formatChangeLine, formatMessageJson, formatMessageLine } from './output.ts';
import { withAuthHint } from './auth-hint.ts';
import { plainNetworkReason } from './network-words.ts';
import { terminalSafeJson, visibleControls } from './terminal-text.ts';
import type { SubscribePlan } from './subscribe-args.ts';
import { t } from '../../../common/i18n/translate.ts';
import { shortTopicList } from '../../../common/short-text.ts';

export const EXIT = { ok: 0, fatal: 1, usage: 2, auth: 3 } as const;

interface SubscribeIo {
  /** stdout: messages only. */
  readonly output: OutputSink;
  readonly stderr: (text: string) => void;
  readonly clock: Clock;
  readonly random: () => number;
  readonly log: Logger;
  readonly openTransport: OpenTransport;
  readonly poll: Poll;
  readonly checkTopicAccess: CheckTopicAccess;
  readonly history: HistoryStore;
  /** Resolves when the process is asked to stop (SIGINT, SIGTERM). */
  readonly stopSignal: Promise<void>;
  /** Also gets every delivered batch (`--notify`); must not throw. */
  readonly onDelivered?: (batch: DeliveredBatch) => void;
  /** Runs a subscription's command for one message (message-command.ts); needed only when one has a command. */
  readonly runCommand?: RunCommand;
}

/**
 * Prints a batch's messages and changes (one line each, `--json` or readable), or runs their subscription's command;
 * resolves once all of it is written or run, and rejects with OutputClosedError when the reader has gone.
 */
function sinkItems(
  plan: SubscribePlan,
  table: CommandTable,
  items: Parameters<typeof dispatchItems>[1],
  io: SubscribeIo & { readonly stopping: () => boolean },
): Promise<void> {
  return dispatchItems(table, items, {
    write: (text) => io.output.write(text),
    stderr: io.stderr,
    stopping: io.stopping,
    runCommand:
      io.runCommand ??
      (() => {
        throw new Error('runSubscribe: a subscription has a command, but no runCommand was given');
      }),
    formatMessage: plan.json ? formatMessageJson : formatMessageLine,
    formatChange: plan.json ? formatChangeJson : formatChangeLine,
  });
}

/** Resolves true once written, false when the reader has gone. */
async function print(output: OutputSink, text: string): Promise<boolean> {
  if (text === '') return true;
  try {
    await output.write(text);
    return true;
  } catch (error) {
    if (error instanceof OutputClosedError) return false;
    throw error;
  }
}

/** Lines per write while printing a poll: big enough to be cheap, small enough to respect backpressure. */
const POLL_LINES_PER_WRITE = 500;

async function runPoll(plan: SubscribePlan, io: SubscribeIo): Promise<number> {
  let stopping = false;
  void io.stopSignal.then(() => {
    stopping = true;
  });
  const table = commandTable(plan.subscriptions, { initialSince: plan.since });
  for (const spec of groupSubscriptions(plan.subscriptions, { initialSince: plan.since })) {
    const outcome = await io.poll(requestForSpec(spec, { topics: spec.topics, since: plan.since, poll: true }));
    if (!outcome.ok) {
      const { status, message } = outcome.error;
      const reason = status === 0 ? plainNetworkReason(message) : withAuthHint(message, status);
      const where = `${spec.server}/${shortTopicList(spec.topics)}`;
      io.stderr(`${t('cli.status.poll-failed', { where, reason })}\n`);
      return outcome.error.status === 401 || outcome.error.status === 403 ? EXIT.auth : EXIT.fatal;
    }
    // Written in slices, big enough to be cheap, small enough to respect backpressure; a slice prints its messages
    // before its changes, so one ends where a message follows a change, keeping the server's order.
    let messages: NtfyMessage[] = [];
    let changes: NtfyMessageChange[] = [];
    const flush = async (): Promise<void> => {
      const items = { groupKey: spec.key, server: spec.server, messages, changes };
      messages = [];
      changes = [];
      await sinkItems(plan, table, items, { ...io, stopping: () => stopping });
    };
    try {
      for (const item of outcome.items) {
        if (item.type === 'message' && spec.topics.includes(item.message.topic)) {
          if (changes.length > 0) await flush();
          messages.push(item.message);
        } else if (item.type === 'change' && spec.topics.includes(item.change.topic)) {
          changes.push(item.change);
        }
        if (messages.length + changes.length >= POLL_LINES_PER_WRITE) await flush();
      }
      await flush();
    } catch (error) {
      if (error instanceof OutputClosedError || error instanceof StoppedBeforeRunError) return EXIT.ok;
      throw error;
    }
  }
  return EXIT.ok;
}

/** The exit code once no connection is left running, or undefined while one still is. */
function exitWhenAllStopped(statuses: ReadonlyMap<string, ConnectionStatus>): number | undefined {
  const states = [...statuses.values()].map((status) => status.state.kind);
  if (states.length === 0 || states.some((kind) => kind !== 'auth-failed' && kind !== 'error')) return undefined;
  return states.includes('auth-failed') ? EXIT.auth : EXIT.fatal;
}

export async function runSubscribe(plan: SubscribePlan, io: SubscribeIo): Promise<number> {
  if (plan.poll) return runPoll(plan, io);
  const table = commandTable(plan.subscriptions, { initialSince: plan.since });
  // Set by the first stop signal: no command starts after it (command-dispatch.ts StoppedBeforeRunError).
  let stopping = false;
  let finish: (code: number) => void = () => undefined;
  const finished = new Promise<number>((resolve) => {
    finish = resolve;
  });
  const lastLine = new Map<string, string>();
  const statuses = new Map<string, ConnectionStatus>();
  const onStatus = (status: ConnectionStatus): void => {
    const line = describeStatus(status, io.clock.now());
    if (line !== undefined && lastLine.get(status.key) !== line) io.stderr(`${line}\n`);
    if (line !== undefined) lastLine.set(status.key, line);
    statuses.set(status.key, status);
    // One server refusing us stops that connection only; the command ends when none is left.
    const code = exitWhenAllStopped(statuses);
    if (code !== undefined) finish(code);
  };
  const manager = createEngine({
    clock: io.clock,
    random: io.random,
    log: io.log,
    history: io.history,
    openTransport: io.openTransport,
    poll: io.poll,
    checkTopicAccess: io.checkTopicAccess,
    initialSince: plan.since,
    timing: () => ({ keepaliveTimeoutMs: plan.keepaliveTimeoutMs, backoffMaxMs: plan.backoffMaxMs }),
    onStatus,
    sinkBeforeCommit: async (batch) => {
      // Rejects with OutputClosedError when the reader has gone: nothing is committed, and the command stops.
      await sinkItems(plan, table, batch, { ...io, stopping: () => stopping });
    },
    ...(io.onDelivered === undefined ? {} : { onDelivered: io.onDelivered }),
    onRaw: (body) => {
      const line = plan.json
        ? `${terminalSafeJson(JSON.stringify({ event: 'message', message: body }))}\n`
        : `${visibleControls(body)}\n`;
      print(io.output, line).catch((error: unknown) => {
        io.log.log('error', 'could not print a raw message', { error: String(error) });
      });
    },
  });
  void io.stopSignal.then(() => {
    stopping = true;
    finish(EXIT.ok);
  });
  void io.output.closed.then(() => {
    finish(EXIT.ok);
  });
  manager.reconcile(plan.subscriptions);
  const code = await finished;
  await manager.stopAll();
  return code;
}
