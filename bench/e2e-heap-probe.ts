/**
 * Preloaded into the CLI by the stalled-reader benchmark (`node --expose-gc --import bench/e2e-heap-probe.ts
 * main/cli.ts …`): on SIGUSR2 it collects garbage and writes one line to stderr,
 * `heap-probe {"heapUsed":…,"external":…,"arrayBuffers":…}` (bytes). RSS alone cannot tell what the CLI holds: a heap
 * that grew while handling a burst stays grown after its garbage is gone, and a grown heap can hold more without RSS
 * moving. What is still reachable after a full collection is what the CLI keeps. stderr, not stdout: stdout is the
 * pipe the benchmark stops reading.
 */
import { HEAP_PROBE_PREFIX } from './e2e-heap.ts';

process.on('SIGUSR2', () => {
  // --expose-gc puts gc() on globalThis; without it the figures include garbage, so say so instead of guessing.
  const gc = Reflect.get(globalThis, 'gc') as (() => void) | undefined;
  if (gc === undefined) {
    process.stderr.write(`${HEAP_PROBE_PREFIX}{"error":"start node with --expose-gc"}\n`);
    return;
  }
  gc();
  const { heapUsed, external, arrayBuffers } = process.memoryUsage();
  process.stderr.write(`${HEAP_PROBE_PREFIX}${JSON.stringify({ heapUsed, external, arrayBuffers })}\n`);
});
