/**
 * The stalled reader: stdout is the CLI's sink, so a reader that stops reading must slow the stream down, not grow
 * the CLI's memory. Per transport: start the CLI, wait until it is connected and its RSS holds still (the
 * baseline), stop reading its stdout (the pipe fills and its writes wait), publish a burst of big messages, and
 * once the server has published them all sample the CLI's RSS until it holds still again. Then read again and check
 * that every message arrives exactly once. RSS comes from /proc (Linux only; elsewhere this prints why and skips).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchRow } from './engine.ts';
import { readRssMb, rssUnavailableReason, sampleUntilSteady, type SteadyResult } from './e2e-memory.ts';
import { type ServerProcess, startCli, type Transport } from './e2e-processes.ts';
import { deliveryOf } from './e2e-stats.ts';

export interface StallCounts {
  readonly messages: number;
  /**
   * Padding per body, in bytes: with the rest of the body and the JSON around it a line is about 4.2 KB. Bodies
   * must stay within 4096 bytes (a longer one would be an attachment upload).
   */
  readonly padBytes: number;
}

/** Bounds of a broken run; a healthy one ends far inside them. */
const CONNECT_TIMEOUT_MS = 30_000;
const DELIVERY_GRACE_MS = 120_000;
/**
 * Samples 1 s apart; steady once three in a row (2 s) lie within 1 MB, so a CLI that merely paused for a second
 * (a GC, a busy core) does not pass for a settled one; at most 30 s of them.
 */
const SAMPLE_INTERVAL_MS = 1000;
const STEADY_TOLERANCE_MB = 1;
const STEADY_WINDOW = 3;
const MAX_SAMPLES = 31;
const MB = 1024 * 1024;

async function steadyRss(pid: number): Promise<SteadyResult> {
  return sampleUntilSteady({
    read: () => readRssMb(pid),
    wait: () => sleep(SAMPLE_INTERVAL_MS),
    toleranceMb: STEADY_TOLERANCE_MB,
    window: STEADY_WINDOW,
    maxSamples: MAX_SAMPLES,
  });
}

function describeSamples(result: SteadyResult): string {
  const samples = result.samples.map((mb) => mb.toFixed(1)).join(', ');
  return `${samples} MB${result.steady ? '' : ' (did not settle)'}`;
}

/** The rows of one transport, or none (with the reason printed) where RSS cannot be read. */
export async function measureStalledReader(
  server: ServerProcess,
  transport: Transport,
  counts: StallCounts,
): Promise<BenchRow[]> {
  const unavailable = rssUnavailableReason();
  if (unavailable !== undefined) {
    console.log(`${transport} stalled reader: skipped, ${unavailable}`);
    return [];
  }
  const topic = `stalled-${transport}`;
  const label = 'stalled';
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-bench-stalled-'));
  const cli = startCli({ serverUrl: server.url, topic, transport, dataDir });
  try {
    if (cli.pid === undefined) throw new Error(`the CLI could not be started:\n${cli.stderrTail()}`);
    await server.request({ type: 'wait-subscribers', topic, count: 1, timeoutMs: CONNECT_TIMEOUT_MS });
    const before = await steadyRss(cli.pid);
    cli.pauseOutput();
    await server.request({
      type: 'publish',
      plan: { kind: 'burst', topic, label, count: counts.messages, padBytes: counts.padBytes },
    });
    const stalled = await steadyRss(cli.pid);
    const readBeforeResuming = cli.stdoutBytes;
    cli.resumeOutput();
    const complete = await cli.waitFor(label, counts.messages, DELIVERY_GRACE_MS);
    if (!complete) console.warn(`e2e: the CLI printed ${cli.log.distinct(label)} of ${counts.messages} after resuming`);
    // What the CLI still owed its reader when it stalled: every byte read after resuming (a few keepalive lines
    // aside). Measured, not computed from the body size, so the JSON around each body counts too.
    const unreadMb = (cli.stdoutBytes - readBeforeResuming) / MB;
    const rssBefore = before.samples.at(-1) ?? Number.NaN;
    // The highest sample, not the last: memory that was held for a while counts even if it was given back.
    const rssStalled = Math.max(...stalled.samples);
    const growth = rssStalled - rssBefore;
    console.log(
      `${transport} stalled reader: RSS connected ${describeSamples(before)}; stalled ${describeSamples(stalled)}; ` +
        `${unreadMb.toFixed(1)} MB unread`,
    );
    const delivery = deliveryOf(cli.log.arrivals.filter((arrival) => arrival.label === label));
    const count = counts.messages.toLocaleString('en-US');
    return [
      {
        benchmark: `${transport} stalled: RSS stalled (CLI) vs connected (baseline)`,
        unit: 'MB',
        engine: rssStalled,
        baseline: rssBefore,
        ratio: rssStalled / rssBefore,
      },
      {
        benchmark: `${transport} stalled: RSS growth (CLI) vs unread (baseline), ${count} msgs`,
        unit: 'MB',
        engine: growth,
        baseline: unreadMb,
        ratio: growth / unreadMb,
        target: '< 0.25× unread',
      },
      {
        benchmark: `${transport} stalled: printed after resuming (of ${count})`,
        unit: 'ids',
        engine: delivery.distinctIds,
        baseline: counts.messages,
        ratio: delivery.distinctIds / counts.messages,
        target: `all ${count}`,
      },
      {
        benchmark: `${transport} stalled: duplicate lines`,
        unit: 'lines',
        engine: delivery.duplicates,
        baseline: 0,
        ratio: Number.NaN,
        target: '0',
      },
    ];
  } finally {
    cli.resumeOutput(); // a paused pipe would keep the CLI from flushing and exiting on SIGTERM
    const exitCode = await cli.stop();
    if (exitCode !== 0)
      console.warn(`e2e: the CLI exited with ${exitCode ?? 'a signal'}; stderr:\n${cli.stderrTail()}`);
    await server.request({ type: 'wait-no-subscribers', timeoutMs: CONNECT_TIMEOUT_MS });
    await rm(dataDir, { recursive: true, force: true });
  }
}
