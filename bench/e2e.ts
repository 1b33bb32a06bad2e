/**
 * End-to-end benchmark: the CLI as a user runs it (`node main/cli.ts subscribe --json --data-dir <tmp> <url>`:
 * stream → SQLite history → stdout) beside a bare reader (bench/e2e-bare-reader.ts) subscribed to the same topic,
 * both fed by one server-and-publisher process (bench/e2e-server-process.ts): three processes, timed from here.
 * Per transport: a burst (first publish → last line on the reader's stdout, messages per second) and paced
 * latency (publish time carried in the body → the line's arrival here), each next to the bare reader in the same
 * run, and whether the CLI printed every message exactly once. Then, per transport, the stalled reader
 * (bench/e2e-stalled.ts): the CLI's memory while nobody reads its stdout.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BenchRow } from './engine.ts';
import type { PublishPlan } from './e2e-ipc.ts';
import {
  type ReaderProcess,
  type ServerProcess,
  startCli,
  startReader,
  startServerProcess,
  type Transport,
} from './e2e-processes.ts';
import { measureStalledReader, type StallCounts } from './e2e-stalled.ts';
import { deliveryOf, latencies, percentile, throughput } from './e2e-stats.ts';

interface Counts {
  /** A burst first, so both readers are past JIT warm-up and their sockets settled; not measured. */
  readonly warmUp: number;
  /** Paced at `latencyIntervalMs`: low enough that nothing queues, so the figure is one message's path. */
  readonly latency: number;
  readonly latencyIntervalMs: number;
  readonly burst: number;
}

const FULL: Counts = { warmUp: 1000, latency: 200, latencyIntervalMs: 20, burst: 20_000 };
const QUICK: Counts = { warmUp: 200, latency: 50, latencyIntervalMs: 20, burst: 2000 };

/** About 32 MB of JSON lines (the figure); quick: about 8 MB. */
const STALL_FULL: StallCounts = { messages: 8000, padBytes: 3900 };
const STALL_QUICK: StallCounts = { messages: 2000, padBytes: 3900 };

/** Bounds of a broken run (a reader that lost messages); a healthy run ends far inside them. */
const CONNECT_TIMEOUT_MS = 30_000;
const DELIVERY_GRACE_MS = 60_000;

const TRANSPORTS: readonly Transport[] = ['json', 'sse', 'ws'];
const BARE_READER = path.join(import.meta.dirname, 'e2e-bare-reader.ts');

function streamUrl(server: ServerProcess, topic: string, transport: Transport): string {
  const base = transport === 'ws' ? server.url.replace(/^http/, 'ws') : server.url;
  return `${base}/${topic}/${transport}`;
}

/** Publishes the plan and resolves once both readers printed all of it (or the grace ran out). */
async function runPhase(
  server: ServerProcess,
  readers: readonly ReaderProcess[],
  plan: PublishPlan,
): Promise<{ firstPublishAt: number; publishRate: number; complete: boolean }> {
  const publishTimeMs = plan.kind === 'paced' ? plan.count * plan.intervalMs : 0;
  const [published, ...complete] = await Promise.all([
    server.request({ type: 'publish', plan }),
    ...readers.map((reader) => reader.waitFor(plan.label, plan.count, publishTimeMs + DELIVERY_GRACE_MS)),
  ]);
  readers.forEach((reader, index) => {
    if (complete[index] !== true) {
      const got = reader.log.distinct(plan.label);
      console.warn(
        `e2e: ${reader.name} printed ${got} of ${plan.count} (${plan.label}); stderr:\n${reader.stderrTail()}`,
      );
    }
  });
  return {
    firstPublishAt: published.firstPublishAt,
    publishRate: plan.count / ((published.lastPublishAt - published.firstPublishAt) / 1000),
    complete: complete.every(Boolean),
  };
}

interface ReaderFigures {
  readonly rate: number;
  readonly p50: number;
  readonly p95: number;
  readonly distinctIds: number;
  readonly duplicates: number;
}

function figuresOf(reader: ReaderProcess, burstFirstPublishAt: number): ReaderFigures {
  const sorted = latencies(reader.log.arrivals, 'latency');
  const delivery = deliveryOf(reader.log.arrivals);
  if (reader.log.unreadableLines > 0)
    console.warn(`e2e: ${reader.name}: ${reader.log.unreadableLines} unreadable lines`);
  return {
    rate: throughput(reader.log.arrivals, 'burst', burstFirstPublishAt),
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    distinctIds: delivery.distinctIds,
    duplicates: delivery.duplicates,
  };
}

async function measureTransport(server: ServerProcess, transport: Transport, counts: Counts): Promise<BenchRow[]> {
  const topic = `e2e-${transport}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-bench-e2e-'));
  const cli = startCli({ serverUrl: server.url, topic, transport, dataDir });
  const bare = startReader('bare reader', [BARE_READER, transport, streamUrl(server, topic, transport)]);
  try {
    await server.request({ type: 'wait-subscribers', topic, count: 2, timeoutMs: CONNECT_TIMEOUT_MS });
    const readers = [cli, bare];
    await runPhase(server, readers, { kind: 'burst', topic, label: 'warm-up', count: counts.warmUp });
    await runPhase(server, readers, {
      kind: 'paced',
      topic,
      label: 'latency',
      count: counts.latency,
      intervalMs: counts.latencyIntervalMs,
    });
    const burst = await runPhase(server, readers, { kind: 'burst', topic, label: 'burst', count: counts.burst });
    // The bare reader cannot be faster than this: if it is close, the bare figure is a floor, not the reader's limit.
    console.log(`${transport}: the server published the burst at ${Math.round(burst.publishRate)} msg/s`);
    const engine = figuresOf(cli, burst.firstPublishAt);
    const baseline = figuresOf(bare, burst.firstPublishAt);
    const published = counts.warmUp + counts.latency + counts.burst;
    return [
      {
        benchmark: `${transport}: burst of ${counts.burst.toLocaleString('en-US')}`,
        unit: 'msg/s',
        engine: engine.rate,
        baseline: baseline.rate,
        ratio: engine.rate / baseline.rate,
        target: '≥ 20,000 msg/s',
      },
      {
        benchmark: `${transport}: latency p50 (${counts.latency} at ${1000 / counts.latencyIntervalMs}/s)`,
        unit: 'ms',
        engine: engine.p50,
        baseline: baseline.p50,
        ratio: engine.p50 / baseline.p50,
        target: '≤ 1.2× bare',
      },
      {
        benchmark: `${transport}: latency p95`,
        unit: 'ms',
        engine: engine.p95,
        baseline: baseline.p95,
        ratio: engine.p95 / baseline.p95,
      },
      {
        benchmark: `${transport}: messages printed (of ${published.toLocaleString('en-US')})`,
        unit: 'ids',
        engine: engine.distinctIds,
        baseline: baseline.distinctIds,
        ratio: engine.distinctIds / baseline.distinctIds,
        target: `all ${published.toLocaleString('en-US')}`,
      },
      {
        benchmark: `${transport}: duplicate lines`,
        unit: 'lines',
        engine: engine.duplicates,
        baseline: baseline.duplicates,
        ratio: Number.NaN,
        target: '0',
      },
    ];
  } finally {
    const [cliExit] = await Promise.all([cli.stop(), bare.stop()]);
    if (cliExit !== 0) console.warn(`e2e: the CLI exited with ${cliExit ?? 'a signal'}; stderr:\n${cli.stderrTail()}`);
    await server.request({ type: 'wait-no-subscribers', timeoutMs: CONNECT_TIMEOUT_MS });
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function runE2eBenchmarks(options: { readonly quick: boolean }): Promise<BenchRow[]> {
  const counts = options.quick ? QUICK : FULL;
  const server = await startServerProcess();
  try {
    const rows: BenchRow[] = [];
    for (const transport of TRANSPORTS) rows.push(...(await measureTransport(server, transport, counts)));
    const stallCounts = options.quick ? STALL_QUICK : STALL_FULL;
    for (const transport of TRANSPORTS) rows.push(...(await measureStalledReader(server, transport, stallCounts)));
    return rows;
  } finally {
    await server.close();
  }
}
