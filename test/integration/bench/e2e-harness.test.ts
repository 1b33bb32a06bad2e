/**
 * The end-to-end benchmark's harness without the CLI: the server-and-publisher process and the bare reader as real
 * processes on 127.0.0.1, their stdout stamped here. If these disagree, every figure of `npm run bench -- --only=e2e`
 * is wrong, so they are checked on each transport.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeHeap } from '../../../bench/e2e-heap.ts';
import { type ServerProcess, startReader, startServerProcess } from '../../../bench/e2e-processes.ts';

const BARE_READER = new URL('../../../bench/e2e-bare-reader.ts', import.meta.url).pathname;
const HEAP_PROBE = new URL('../../../bench/e2e-heap-probe.ts', import.meta.url).pathname;

describe('e2e benchmark harness', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess();
  });

  afterAll(async () => {
    await server.close();
  });

  it.each(['json', 'sse', 'ws'] as const)(
    'the bare reader prints each published message once as a JSON line with its publish time (%s)',
    async (transport) => {
      const topic = `harness-${transport}`;
      const base = transport === 'ws' ? server.url.replace(/^http/, 'ws') : server.url;
      const reader = startReader('bare reader', [BARE_READER, transport, `${base}/${topic}/${transport}`]);
      try {
        await server.request({ type: 'wait-subscribers', topic, count: 1, timeoutMs: 10_000 });
        const published = await server.request({
          type: 'publish',
          plan: { kind: 'burst', topic, label: 'check', count: 250 },
        });
        expect(await reader.waitFor('check', 250, 10_000)).toBe(true);
        const { arrivals } = reader.log;
        expect(arrivals.map((a) => a.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 250 }, (_, i) => i));
        expect(new Set(arrivals.map((a) => a.id)).size).toBe(250);
        expect(reader.log.unreadableLines).toBe(0); // open events and SSE framing are not printed as messages
        expect(arrivals[0]?.publishedAt).toBe(published.firstPublishAt);
        for (const arrival of arrivals) expect(arrival.at).toBeGreaterThanOrEqual(arrival.publishedAt);
      } finally {
        await reader.stop();
        await server.request({ type: 'wait-no-subscribers', timeoutMs: 10_000 });
      }
    },
  );

  it('a paused reader reads nothing until resumed, then gets every padded message once (the stalled reader)', async () => {
    const topic = 'harness-paused';
    const reader = startReader('bare reader', [BARE_READER, 'json', `${server.url}/${topic}/json`]);
    try {
      await server.request({ type: 'wait-subscribers', topic, count: 1, timeoutMs: 10_000 });
      reader.pauseOutput();
      const bytesBefore = reader.stdoutBytes;
      await server.request({
        type: 'publish',
        plan: { kind: 'burst', topic, label: 'padded', count: 300, padBytes: 3900 },
      });
      // A paused stream emits no 'data' however long it waits, so this holds whatever the machine's pace.
      expect(reader.stdoutBytes).toBe(bytesBefore);
      expect(reader.log.distinct('padded')).toBe(0);
      reader.resumeOutput();
      expect(await reader.waitFor('padded', 300, 10_000)).toBe(true);
      expect(reader.log.arrivals).toHaveLength(300);
      expect(reader.stdoutBytes - bytesBefore).toBeGreaterThan(300 * 3900);
    } finally {
      await reader.stop();
      await server.request({ type: 'wait-no-subscribers', timeoutMs: 10_000 });
    }
  });

  it('the heap probe answers SIGUSR2 with what a process holds after a full collection', async () => {
    const topic = 'harness-probe';
    const reader = startReader('bare reader', [
      '--expose-gc',
      '--import',
      HEAP_PROBE,
      BARE_READER,
      'json',
      `${server.url}/${topic}/json`,
    ]);
    try {
      await server.request({ type: 'wait-subscribers', topic, count: 1, timeoutMs: 10_000 });
      const pid = reader.pid ?? Number.NaN;
      const figures = await probeHeap(reader, pid, 10_000);
      expect(figures.heapUsed).toBeGreaterThan(1024 * 1024);
      expect(figures.external).toBeGreaterThanOrEqual(figures.arrayBuffers);
      // The probe writes to stderr only: on stdout its line would be an unreadable one.
      expect(reader.log.unreadableLines).toBe(0);
      expect(reader.stderrTail()).toContain('heap-probe {');
    } finally {
      await reader.stop();
      await server.request({ type: 'wait-no-subscribers', timeoutMs: 10_000 });
    }
  });

  it('paces a paced plan: the last message is published (count - 1) intervals after the first', async () => {
    const published = await server.request({
      type: 'publish',
      plan: { kind: 'paced', topic: 'harness-paced', label: 'paced', count: 5, intervalMs: 10 },
    });
    // Timers never fire early, so this lower bound holds however busy the machine is.
    expect(published.lastPublishAt - published.firstPublishAt).toBeGreaterThanOrEqual(40);
  });
});
