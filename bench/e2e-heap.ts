/**
 * Asking a CLI started with the heap probe (bench/e2e-heap-probe.ts) what it holds: SIGUSR2, then its stderr line.
 */
import type { ReaderProcess } from './e2e-processes.ts';

export const HEAP_PROBE_PREFIX = 'heap-probe ';

export interface HeapFigures {
  /** Bytes of the JS heap still reachable after a full collection. */
  readonly heapUsed: number;
  /** Bytes outside the JS heap that JS objects hold (Buffers among them; `arrayBuffers` is part of this). */
  readonly external: number;
  readonly arrayBuffers: number;
}

/** The figures of the first probe line in `text` (stderr may carry the CLI's own lines around it). */
export function parseHeapProbe(text: string): HeapFigures | { readonly error: string } | undefined {
  const start = text.indexOf(HEAP_PROBE_PREFIX);
  if (start === -1) return undefined;
  const end = text.indexOf('\n', start);
  if (end === -1) return undefined; // not complete yet
  let value: unknown;
  try {
    value = JSON.parse(text.slice(start + HEAP_PROBE_PREFIX.length, end));
  } catch {
    return { error: 'unreadable probe line' }; // reported by the caller
  }
  if (typeof value !== 'object' || value === null) return { error: 'unreadable probe line' };
  const { heapUsed, external, arrayBuffers, error } = value as Record<string, unknown>;
  if (typeof error === 'string') return { error };
  if (typeof heapUsed !== 'number' || typeof external !== 'number' || typeof arrayBuffers !== 'number')
    return { error: 'unreadable probe line' };
  return { heapUsed, external, arrayBuffers };
}

/** The probe's figures, or a rejection if it does not answer within `timeoutMs` (a bound on a broken run). */
export function probeHeap(reader: ReaderProcess, pid: number, timeoutMs: number): Promise<HeapFigures> {
  return new Promise((resolve, reject) => {
    let text = '';
    const finish = (outcome: HeapFigures | Error): void => {
      stopListening();
      clearTimeout(timer);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const stopListening = reader.onStderr((chunk) => {
      text += chunk;
      const figures = parseHeapProbe(text);
      if (figures === undefined) return;
      finish('error' in figures ? new Error(`heap probe: ${figures.error}`) : figures);
    });
    const timer = setTimeout(() => {
      finish(new Error(`heap probe: no answer within ${timeoutMs} ms; stderr:\n${reader.stderrTail()}`));
    }, timeoutMs);
    process.kill(pid, 'SIGUSR2');
  });
}
