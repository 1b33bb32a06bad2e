/**
 * `npm run bench`: runs the benchmarks, prints a table and writes bench/results/engine.json. Never part of
 * `npm test`: figures depend on the machine; what matters is the ratio to the baseline measured in the same run.
 * `--quick` runs smaller counts (a smoke run of the benchmark code itself).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type BenchRow, runEngineBenchmarks } from './engine.ts';

function format(value: number, unit: string): string {
  if (Number.isNaN(value)) return '—';
  if (unit === 'ms') return value.toFixed(2);
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

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const startedAt = new Date();
  console.log(`engine benchmarks${quick ? ' (quick)' : ''} on ${os.cpus().length} cores, Node ${process.version} …`);
  const rows = await runEngineBenchmarks({ quick });
  const table = formatTable(rows);
  console.log(table);
  const outDir = path.join(import.meta.dirname, 'results');
  await mkdir(outDir, { recursive: true });
  const result = { startedAt: startedAt.toISOString(), quick, node: process.version, cpus: os.cpus().length, rows };
  await writeFile(path.join(outDir, 'engine.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written ${path.relative(process.cwd(), path.join(outDir, 'engine.json'))}`);
}

main().catch((error: unknown) => {
  console.error('bench failed:', error);
  process.exitCode = 1;
});
