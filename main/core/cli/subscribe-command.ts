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
import { requestForSpec } from '../engine/spec-request.ts';
import type { OpenTransport } from '../transports/transport.ts';
import { OutputClosedError, type OutputSink } from './output-sink.ts';
import { describeStatus, formatChangeJson, formatChangeLine, formatMessageJson, formatMessageLine } from './output.ts';
import { plainNetworkReason } from './network-words.ts';
import { terminalSafeJson, visibleControls } from './terminal-text.ts';
import type { SubscribePlan } from './subscribe-args.ts';
import { t } from '../../../common/i18n/translate.ts';
import { shortTopicList } from '../../../common/short-text.ts';

export const EXIT = { ok: 0, fatal: 1, usage: 2, auth: 3 } as const;

export interface SubscribeIo {
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
}

/** The lines a batch prints; deletes and clears only with `--json`-style consumers in mind, but in both forms. */
function formatBatch(plan: SubscribePlan, batch: Pick<DeliveredBatch, 'messages' | 'changes'>): string {
  const messages = batch.messages.map(plan.json ? formatMessageJson : formatMessageLine);
  const changes = batch.changes.map(plan.json ? formatChangeJson : formatChangeLine);
  return messages.join('') + changes.join('');
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
  for (const spec of groupSubscriptions(plan.subscriptions, { initialSince: plan.since })) {
    const outcome = await io.poll(requestForSpec(spec, { topics: spec.topics, since: plan.since, poll: true }));
    if (!outcome.ok) {
      const reason = outcome.error.status === 0 ? plainNetworkReason(outcome.error.message) : outcome.error.message;
      const where = `${spec.server}/${shortTopicList(spec.topics)}`;
      io.stderr(`${t('cli.status.poll-failed', { where, reason })}\n`);
      return outcome.error.status === 401 || outcome.error.status === 403 ? EXIT.auth : EXIT.fatal;
    }
    let lines: string[] = [];
    for (const item of outcome.items) {
      if (item.type === 'message' && spec.topics.includes(item.message.topic)) {
        lines.push(plan.json ? formatMessageJson(item.message) : formatMessageLine(item.message));
      } else if (item.type === 'change' && spec.topics.includes(item.change.topic)) {
        lines.push(plan.json ? formatChangeJson(item.change) : formatChangeLine(item.change));
      }
      if (lines.length >= POLL_LINES_PER_WRITE) {
        if (!(await print(io.output, lines.join('')))) return EXIT.ok;
        lines = [];
      }
    }
    if (!(await print(io.output, lines.join('')))) return EXIT.ok;
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
      await io.output.write(formatBatch(plan, batch));
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
