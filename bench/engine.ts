/**
 * Engine benchmarks on loopback against test/server: publish→delivery latency and sustained throughput per
 * transport, each against a bare subscriber measured in the same run; a 10,000-message catch-up; 1,000 topics on
 * one server. Figures are reported with their baseline and as ratios; absolute numbers vary with the machine.
 */
import { performance } from 'node:perf_hooks';
import type { TransportKind } from '../main/core/protocol/subscribe-request.ts';
import { startTestServer, type TestServer } from '../test/server/index.ts';
import { startEngine } from '../test/support/engine-harness.ts';
import { startBareSubscriber } from './baselines.ts';

export interface BenchRow {
  readonly benchmark: string;
  readonly unit: string;
  readonly engine: number;
  readonly baseline: number;
  /** engine ÷ baseline (for times, above 1 is slower; for rates, below 1 is slower). */
  readonly ratio: number;
  readonly target?: string;
}

type Subscriber = { readonly onDelivered: (callback: (id: string) => void) => void; close(): Promise<void> };

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

async function engineSubscriber(server: TestServer, topic: string, transport: TransportKind): Promise<Subscriber> {
  const engine = startEngine({
    subscriptions: [{ server: server.url, topic, transport }],
    initialSince: { kind: 'none' },
    timing: { pollAfterConnectMs: 60_000, keepaliveTimeoutMs: 120_000, catchUpQuietMs: 1 },
  });
  await engine.waitForStatus((status) => status.state.kind === 'open');
  await server.waitForSubscribers(1, { topic });
  let listener: (id: string) => void = () => undefined;
  engine.onMessage((message) => {
    listener(message.id);
  });
  return {
    onDelivered: (callback) => {
      listener = callback;
    },
    close: () => engine.stop(),
  };
}

async function bareSubscriber(
  server: TestServer,
  topic: string,
  transport: 'json' | 'sse' | 'ws',
): Promise<Subscriber> {
  let listener: (id: string) => void = () => undefined;
  const bare = await startBareSubscriber({
    url: server.url,
    topics: [topic],
    transport,
    onMessage: (id) => {
      listener(id);
    },
  });
  await server.waitForSubscribers(1, { topic });
  return {
    onDelivered: (callback) => {
      listener = callback;
    },
    close: () => {
      bare.close();
      return Promise.resolve();
    },
  };
}

/** Sequential publish → delivery round trips; milliseconds per message. */
async function measureLatency(
  server: TestServer,
  topic: string,
  subscriber: Subscriber,
  count: number,
): Promise<number[]> {
  const latencies: number[] = [];
  let resolveDelivery: (() => void) | undefined;
  subscriber.onDelivered(() => resolveDelivery?.());
  for (let i = 0; i < count; i++) {
    const delivered = new Promise<void>((resolve) => {
      resolveDelivery = resolve;
    });
    const start = performance.now();
    void server.publish(topic, `latency ${i}`);
    await delivered;
    latencies.push(performance.now() - start);
  }
  return latencies.sort((a, b) => a - b);
}

/** Publishes `count` messages as fast as the server takes them; messages per second until the last arrives. */
async function measureThroughput(
  server: TestServer,
  topic: string,
  subscriber: Subscriber,
  count: number,
): Promise<number> {
  let received = 0;
  const done = new Promise<void>((resolve) => {
    subscriber.onDelivered(() => {
      if (++received === count) resolve();
    });
  });
  const start = performance.now();
  for (let i = 0; i < count; i++) await server.publish(topic, `throughput ${i}`);
  await done;
  return count / ((performance.now() - start) / 1000);
}

export async function runEngineBenchmarks(options: { readonly quick: boolean }): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const latencyCount = options.quick ? 100 : 500;
  const throughputCount = options.quick ? 5000 : 20_000;
  const server = await startTestServer({ cacheDurationMs: 0 });
  try {
    for (const transport of ['json', 'sse', 'ws'] as const) {
      const results: Record<'engine' | 'baseline', { p50: number; p99: number; rate: number }> = {
        engine: { p50: 0, p99: 0, rate: 0 },
        baseline: { p50: 0, p99: 0, rate: 0 },
      };
      for (const kind of ['baseline', 'engine'] as const) {
        const topic = `${kind}-${transport}`;
        const subscriber =
          kind === 'engine'
            ? await engineSubscriber(server, topic, transport)
            : await bareSubscriber(server, topic, transport);
        await measureLatency(server, topic, subscriber, latencyCount / 5); // warm-up: JIT and sockets settle
        const latencies = await measureLatency(server, topic, subscriber, latencyCount);
        const rate = await measureThroughput(server, topic, subscriber, throughputCount);
        results[kind] = { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), rate };
        await subscriber.close();
        await server.waitForNoSubscribers();
      }
      const { engine, baseline } = results;
      rows.push(
        {
          benchmark: `${transport}: latency p50`,
          unit: 'ms',
          engine: engine.p50,
          baseline: baseline.p50,
          ratio: engine.p50 / baseline.p50,
          target: '≤ 1.5× baseline',
        },
        {
          benchmark: `${transport}: latency p99`,
          unit: 'ms',
          engine: engine.p99,
          baseline: baseline.p99,
          ratio: engine.p99 / baseline.p99,
        },
        {
          benchmark: `${transport}: throughput`,
          unit: 'msg/s',
          engine: engine.rate,
          baseline: baseline.rate,
          ratio: engine.rate / baseline.rate,
          ...(transport === 'json' ? { target: '≥ 20,000 msg/s' } : {}),
        },
      );
    }
  } finally {
    await server.close();
  }
  rows.push(await measureCatchUp(options.quick ? 2000 : 10_000));
  rows.push(...(await measureManyTopics(options.quick ? 200 : 1000)));
  return rows;
}

/** Time to ingest a cached backlog: the engine (history load) against a bare poll that only parses. */
async function measureCatchUp(count: number): Promise<BenchRow> {
  const server = await startTestServer();
  try {
    for (let i = 0; i < count; i++) await server.publish('backlog', `backlog ${i}`);
    const bareStart = performance.now();
    const body = await (await fetch(`${server.url}/backlog/json?poll=1&since=all`)).text();
    const parsed = body
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as unknown);
    const baseline = performance.now() - bareStart;
    if (parsed.length !== count) throw new Error(`baseline poll got ${parsed.length} of ${count}`);

    const engineStart = performance.now();
    const engine = startEngine({
      subscriptions: [{ server: server.url, topic: 'backlog' }],
      timing: { catchUpQuietMs: 5 },
    });
    await engine.waitForMessages(count, 60_000);
    const engineMs = performance.now() - engineStart;
    await engine.stop();
    return {
      benchmark: `catch-up of ${count} messages`,
      unit: 'ms',
      engine: engineMs,
      baseline,
      ratio: engineMs / baseline,
      target: '< 1 s for 10,000',
    };
  } finally {
    await server.close();
  }
}

/** Many topics on one server: how many sockets, and heap per topic. */
async function measureManyTopics(count: number): Promise<BenchRow[]> {
  const server = await startTestServer();
  try {
    const topics = Array.from({ length: count }, (_, i) => `topic${String(i).padStart(4, '0')}`);
    globalThis.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const engine = startEngine({ subscriptions: topics.map((topic) => ({ server: server.url, topic })) });
    await engine.waitForStatus((status) => status.state.kind === 'open');
    await server.waitForSubscribers(1);
    await server.publish(topics[count - 1] ?? 'topic0000', 'to the last topic');
    await engine.waitForMessages(1);
    globalThis.gc?.();
    const heapPerTopic = (process.memoryUsage().heapUsed - heapBefore) / count;
    const sockets = server.subscribers().length;
    await engine.stop();
    return [
      {
        benchmark: `${count} topics: streams open`,
        unit: 'streams',
        engine: sockets,
        baseline: 1,
        ratio: sockets,
        target: '1 socket',
      },
      {
        benchmark: `${count} topics: heap per topic`,
        unit: 'bytes',
        engine: heapPerTopic,
        baseline: Number.NaN,
        ratio: Number.NaN,
      },
    ];
  } finally {
    await server.close();
  }
}
