/**
 * A small benchmark harness. Machines here are shared and noisy, so no figure is reported on its own: every
 * benchmark has a baseline measured in the same run, samples of baseline and candidates are interleaved, and the
 * reported figure is the ratio of medians (candidate ops/s ÷ baseline ops/s).
 */
import { performance } from 'node:perf_hooks';

export interface BenchCase {
  readonly name: string;
  /** One operation. May be async; awaited each time. */
  readonly run: () => unknown;
}

export interface Benchmark {
  readonly name: string;
  /** What the ratio is against, e.g. "JSON.stringify" for an encoder. */
  readonly baseline: BenchCase;
  readonly cases: readonly BenchCase[];
  readonly setup?: () => Promise<void>;
  readonly teardown?: () => Promise<void>;
}

export interface CaseResult {
  readonly benchmark: string;
  readonly case: string;
  readonly baseline: string;
  /** Median operations per second over the samples. */
  readonly opsPerSecond: number;
  readonly baselineOpsPerSecond: number;
  /** opsPerSecond / baselineOpsPerSecond: above 1 is faster than the baseline. */
  readonly ratio: number;
  readonly samples: number;
}

export interface MeasureOptions {
  /** Length of one sample, milliseconds. */
  readonly sampleMs: number;
  readonly samples: number;
}

async function measureOnce(benchCase: BenchCase, sampleMs: number): Promise<number> {
  let operations = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < sampleMs) {
    const result = benchCase.run();
    if (result instanceof Promise) await result;
    operations++;
    elapsed = performance.now() - start;
  }
  return (operations / elapsed) * 1000;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

export async function runBenchmark(benchmark: Benchmark, options: MeasureOptions): Promise<CaseResult[]> {
  await benchmark.setup?.();
  try {
    const all = [benchmark.baseline, ...benchmark.cases];
    const samples = new Map<BenchCase, number[]>(all.map((c) => [c, []]));
    for (const c of all) await measureOnce(c, options.sampleMs / 4); // warm-up: let the JIT settle
    for (let i = 0; i < options.samples; i++) {
      for (const c of all) samples.get(c)?.push(await measureOnce(c, options.sampleMs));
    }
    const baselineOps = median(samples.get(benchmark.baseline) ?? []);
    return benchmark.cases.map((c) => {
      const ops = median(samples.get(c) ?? []);
      return {
        benchmark: benchmark.name,
        case: c.name,
        baseline: benchmark.baseline.name,
        opsPerSecond: ops,
        baselineOpsPerSecond: baselineOps,
        ratio: baselineOps > 0 ? ops / baselineOps : Number.NaN,
        samples: options.samples,
      };
    });
  } finally {
    await benchmark.teardown?.();
  }
}

export function formatTable(results: readonly CaseResult[]): string {
  const rows = results.map((r) => [
    r.benchmark,
    r.case,
    r.baseline,
    r.opsPerSecond.toFixed(0),
    r.baselineOpsPerSecond.toFixed(0),
    `${r.ratio.toFixed(2)}×`,
  ]);
  const header = ['benchmark', 'case', 'baseline', 'ops/s', 'baseline ops/s', 'ratio'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]): string => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
