/**
 * client.yml import benchmarks (issue 32 §11): time per entry of a whole import through the bridge the window uses
 * (plan, then import: parse, checks, keychain, settings file), for a large file against a small one measured in the
 * same run. Linear work keeps the ratio near 1; the old one-save-per-entry import rewrote the settings file per
 * entry (2,000 entries took 32 s) and its ratio grew with the size. The same for the parser alone on a map of many
 * keys (yaml's own duplicate-key check compared every key with every other: 20,000 keys took 12 s).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CLIENT_YML_MAX_SUBSCRIPTIONS } from '../common/ipc-dto.ts';
import { parseClientConfig } from '../main/core/client-config/client-config.ts';
import { openConfSettingsStore } from '../main/core/store/settings/conf-settings-store.ts';
import { createRecordingLogger } from '../test/fakes/logger.ts';
import { memoryKeychain, openCoreBridge } from '../test/support/core-bridge.ts';
import type { BenchRow } from './engine.ts';

function clientYml(entries: number): string {
  const lines = Array.from(
    { length: entries },
    (_, index) =>
      `  - topic: https://h${index % 50}.example/t${index}\n    token: tk_${index % 50}\n    command: echo ${index}\n`,
  );
  return `subscribe:\n${lines.join('')}`;
}

/** Milliseconds for one plan + import of `entries` entries (all commands accepted) into an empty data folder. */
async function importOnce(entries: number): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'ntfy-tray-bench-import-'));
  const log = createRecordingLogger();
  const core = await openCoreBridge({
    dir,
    settings: openConfSettingsStore({ dir, log }),
    secrets: memoryKeychain(),
    log,
  });
  try {
    const text = clientYml(entries);
    const start = performance.now();
    const plan = await core.api.planClientYml(text, 'client.yml');
    if (!plan.ok || plan.value.kind !== 'plan') throw new Error('the bench file was not planned');
    const commands = plan.value.entries.map(({ entry, command }) => ({ entry, command: command ?? '' }));
    const report = await core.api.importClientYml(text, 'client.yml', { commands });
    const elapsed = performance.now() - start;
    if (!report.ok || report.value.kind !== 'imported' || report.value.imported !== entries)
      throw new Error('the bench file was not imported whole');
    return elapsed;
  } finally {
    await core.close();
    await rm(dir, { recursive: true, force: true });
  }
}

function parseOnce(keys: number): number {
  const filters = Array.from({ length: keys }, (_, index) => `      k${index}: v\n`).join('');
  const start = performance.now();
  parseClientConfig(`subscribe:\n  - topic: a\n    if:\n${filters}`);
  return performance.now() - start;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Per-item times of `large` and `small` runs, alternated (a noisy neighbour hits both), as one row. */
async function perItemRow(
  benchmark: string,
  sizes: { small: number; large: number },
  runs: number,
  once: (size: number) => number | Promise<number>,
): Promise<BenchRow> {
  await once(sizes.small); // warm-up
  const small: number[] = [];
  const large: number[] = [];
  for (let run = 0; run < runs; run++) {
    small.push((await once(sizes.small)) / sizes.small);
    large.push((await once(sizes.large)) / sizes.large);
  }
  const engine = median(large);
  const baseline = median(small);
  return { benchmark, unit: 'ms', engine, baseline, ratio: engine / baseline, target: '≤ 2× (linear)' };
}

export async function runImportBenchmarks({ quick }: { quick: boolean }): Promise<BenchRow[]> {
  const runs = quick ? 1 : 5;
  const large = quick ? 300 : CLIENT_YML_MAX_SUBSCRIPTIONS;
  const small = Math.round(large / 10);
  const keys = quick ? 4000 : 20_000;
  return [
    await perItemRow(`import per entry, ${large} vs ${small} entries`, { small, large }, runs, importOnce),
    await perItemRow(
      `parse per if: key, ${keys} vs ${keys / 10} keys`,
      { small: keys / 10, large: keys },
      runs,
      parseOnce,
    ),
  ];
}
