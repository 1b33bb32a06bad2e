/**
 * The stalled reader: stdout is the CLI's sink, so a reader that stops reading must slow the stream down, not grow
 * the CLI's memory. Per transport: start the CLI, wait until it is connected and its RSS holds still (the
 * baseline), stop reading its stdout (the pipe fills and its writes wait), publish a burst of big messages, and
 * once the server has published them all sample the CLI's RSS until it holds still again. Then read again and check
 * that every message arrives exactly once. A control run beside it (another fresh CLI, the same burst, read at once)
 * tells the growth that holding unread messages causes from what merely handling the burst costs (a bigger heap,
 * code compiled on first use). And since RSS cannot show what a grown heap holds, a probe preloaded into the CLI
 * (bench/e2e-heap-probe.ts) reports what is still reachable after a full collection, connected and stalled. RSS
 * comes from /proc (Linux only; elsewhere this prints why and skips).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchRow } from './engine.ts';
import { type HeapFigures, probeHeap } from './e2e-heap.ts';
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
const PROBE_TIMEOUT_MS = 30_000;
const HEAP_PROBE = path.join(import.meta.dirname, 'e2e-heap-probe.ts');

/** What the CLI holds (MB): the reachable JS heap and what JS objects hold outside it (Buffers). */
function heldMb(figures: HeapFigures): number {
  return (figures.heapUsed + figures.external) / MB;
}

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

interface BurstMemory {
  /** RSS after connecting, held still (MB). */
  readonly before: number;
  /** The highest RSS sampled after the burst was published (MB). */
  readonly after: number;
  /** heldMb connected and after the burst. */
  readonly heldBefore: number;
  readonly heldAfter: number;
  /** What the CLI still owed its reader after the burst (MB); 0 in the control run. */
  readonly unreadMb: number;
  readonly distinctIds: number;
  readonly duplicates: number;
}

/**
 * One fresh CLI and one burst. `stall`: the reader stops reading before the burst and reads again after the
 * samples; otherwise it reads all along and RSS is sampled once every message was printed.
 */
async function burstMemory(
  server: ServerProcess,
  transport: Transport,
  counts: StallCounts,
  stall: boolean,
): Promise<BurstMemory> {
  const name = stall ? 'stalled' : 'read at once';
  const topic = `${stall ? 'stalled' : 'unstalled'}-${transport}`;
  const label = 'stalled';
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-bench-stalled-'));
  const cli = startCli({
    serverUrl: server.url,
    topic,
    transport,
    dataDir,
    nodeFlags: ['--expose-gc', '--import', HEAP_PROBE],
  });
  try {
    if (cli.pid === undefined) throw new Error(`the CLI could not be started:\n${cli.stderrTail()}`);
    await server.request({ type: 'wait-subscribers', topic, count: 1, timeoutMs: CONNECT_TIMEOUT_MS });
    const before = await steadyRss(cli.pid);
    const heldBefore = heldMb(await probeHeap(cli, cli.pid, PROBE_TIMEOUT_MS));
    if (stall) cli.pauseOutput();
    await server.request({
      type: 'publish',
      plan: { kind: 'burst', topic, label, count: counts.messages, padBytes: counts.padBytes },
    });
    if (!stall && !(await cli.waitFor(label, counts.messages, DELIVERY_GRACE_MS)))
      console.warn(`e2e: the CLI printed ${cli.log.distinct(label)} of ${counts.messages} (${name})`);
    const after = await steadyRss(cli.pid);
    // After the RSS samples: the probe's full collection would otherwise shrink what they see.
    const heldAfter = heldMb(await probeHeap(cli, cli.pid, PROBE_TIMEOUT_MS));
    const readBeforeResuming = cli.stdoutBytes;
    if (stall) {
      cli.resumeOutput();
      if (!(await cli.waitFor(label, counts.messages, DELIVERY_GRACE_MS)))
        console.warn(`e2e: the CLI printed ${cli.log.distinct(label)} of ${counts.messages} after resuming`);
    }
    // What the CLI still owed its reader when it stalled: every byte read after resuming (a few keepalive lines
    // aside). Measured, not computed from the body size, so the JSON around each body counts too.
    const unreadMb = (cli.stdoutBytes - readBeforeResuming) / MB;
    console.log(
      `${transport} ${name}: RSS connected ${describeSamples(before)}; after the burst ${describeSamples(after)}` +
        `; reachable after GC ${heldBefore.toFixed(1)} → ${heldAfter.toFixed(1)} MB` +
        (stall ? `; ${unreadMb.toFixed(1)} MB unread` : ''),
    );
    const delivery = deliveryOf(cli.log.arrivals.filter((arrival) => arrival.label === label));
    return {
      before: before.samples.at(-1) ?? Number.NaN,
      // The highest sample, not the last: memory that was held for a while counts even if it was given back.
      after: Math.max(...after.samples),
      heldBefore,
      heldAfter,
      unreadMb,
      distinctIds: delivery.distinctIds,
      duplicates: delivery.duplicates,
    };
  } finally {
    cli.resumeOutput(); // a paused pipe would keep the CLI from flushing and exiting on SIGTERM
    const exitCode = await cli.stop();
    if (exitCode !== 0)
      console.warn(`e2e: the CLI exited with ${exitCode ?? 'a signal'}; stderr:\n${cli.stderrTail()}`);
    await server.request({ type: 'wait-no-subscribers', timeoutMs: CONNECT_TIMEOUT_MS });
    await rm(dataDir, { recursive: true, force: true });
  }
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
  const control = await burstMemory(server, transport, counts, false);
  const stalled = await burstMemory(server, transport, counts, true);
  const growth = stalled.after - stalled.before;
  const controlGrowth = control.after - control.before;
  const count = counts.messages.toLocaleString('en-US');
  return [
    {
      benchmark: `${transport} stalled: RSS stalled (CLI) vs connected (baseline)`,
      unit: 'MB',
      engine: stalled.after,
      baseline: stalled.before,
      ratio: stalled.after / stalled.before,
    },
    {
      benchmark: `${transport} stalled: RSS growth (CLI) vs unread (baseline), ${count} msgs`,
      unit: 'MB',
      engine: growth,
      baseline: stalled.unreadMb,
      ratio: growth / stalled.unreadMb,
      target: '< 0.25× unread',
    },
    {
      benchmark: `${transport} stalled: RSS growth (CLI) vs the same burst read at once (baseline)`,
      unit: 'MB',
      engine: growth,
      baseline: controlGrowth,
      ratio: growth / controlGrowth,
    },
    {
      benchmark: `${transport} stalled: reachable after GC, growth (CLI) vs unread (baseline)`,
      unit: 'MB',
      engine: stalled.heldAfter - stalled.heldBefore,
      baseline: stalled.unreadMb,
      ratio: (stalled.heldAfter - stalled.heldBefore) / stalled.unreadMb,
      target: '< 0.25× unread',
    },
    {
      benchmark: `${transport} stalled: printed after resuming (of ${count})`,
      unit: 'ids',
      engine: stalled.distinctIds,
      baseline: counts.messages,
      ratio: stalled.distinctIds / counts.messages,
      target: `all ${count}`,
    },
    {
      benchmark: `${transport} stalled: duplicate lines`,
      unit: 'lines',
      engine: stalled.duplicates,
      baseline: 0,
      ratio: Number.NaN,
      target: '0',
    },
  ];
}
