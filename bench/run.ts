/**
 * `npm run bench`: runs the benchmarks, prints a table per suite and writes bench/results/<suite>.json. Never part
 * of `npm test`: figures depend on the machine; what matters is the ratio to the baseline measured in the same run.
 * `--quick` runs smaller counts (a smoke run of the benchmark code itself); `--only=engine`, `--only=store`,
 * `--only=window`, `--only=e2e` or `--only=import` runs one suite.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runE2eBenchmarks } from './e2e.ts';
import { type BenchRow, runEngineBenchmarks } from './engine.ts';
import { runImportBenchmarks } from './import.ts';
import { runStoreBenchmarks } from './store.ts';
import { runWindowBenchmarks } from './window.ts';

const SUITES: Readonly<Record<string, (options: { quick: boolean }) => Promise<BenchRow[]>>> = {
  engine: runEngineBenchmarks,
  store: runStoreBenchmarks,
  window: runWindowBenchmarks,
  e2e: runE2eBenchmarks,
  import: runImportBenchmarks,
};

function format(value: number, unit: string): string {
  if (Number.isNaN(value)) return '—';
  if (unit === 'ms') return value.toFixed(2);
  if (unit === 'MB') return value.toFixed(1);
  return Math.round(value).toLocaleString('en-US');
}

export function formatTable(rows: readonly BenchRow[]): string {
  const header = ['benchmark', 'unit', 'engine', 'baseline', 'ratio', 'target'];
  const body = rows.map((row) => [
    row.benchmark,
    row.unit,
    format(row.engine, row.unit),
    format(row.baseline, row.unit),
    Number.isNaN(row.ratio) ? '—' : `${row.ratio.toFixed(2)}×`,
    row.target ?? '',
  ]);
  const lines = [header, header.map(() => '---'), ...body].map((cells) => `| ${cells.join(' | ')} |`);
  return lines.join('\n');
}

function selectedSuites(argv: readonly string[]): string[] {
  const only = argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  if (only === undefined) return Object.keys(SUITES);
  if (!(only in SUITES)) throw new Error(`--only: unknown suite ${only} (${Object.keys(SUITES).join(', ')})`);
  return [only];
}

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const outDir = path.join(import.meta.dirname, 'results');
  await mkdir(outDir, { recursive: true });
  for (const suite of selectedSuites(process.argv)) {
    const run = SUITES[suite];
    if (run === undefined) continue;
    const startedAt = new Date();
    console.log(
      `${suite} benchmarks${quick ? ' (quick)' : ''} on ${os.cpus().length} cores, Node ${process.version} …`,
    );
    const rows = await run({ quick });
    console.log(formatTable(rows));
    const result = { startedAt: startedAt.toISOString(), quick, node: process.version, cpus: os.cpus().length, rows };
    const file = path.join(outDir, `${suite}.json`);
    await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`written ${path.relative(process.cwd(), file)}`);
  }
}

main().catch((error: unknown) => {
  console.error('bench failed:', error);
  process.exitCode = 1;
});
