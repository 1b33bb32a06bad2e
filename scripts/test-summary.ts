/**
 * Prints one closing line for the whole `npm test` run, from the Vitest and Playwright JSON reports:
 * `tests: N passed, N failed, N skipped`, after one line per reason Playwright skipped tests for (the line reporter
 * does not print a skip's reason). Fails if a report is missing or counts no test at all.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DOCS_PICTURE, updatingScreenshots } from '../test/e2e/support/docs-screenshot.ts';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const reports = path.resolve(import.meta.dirname, '..', 'test-reports');

async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await readFile(path.join(reports, file), 'utf8')) as unknown;
}

function numberField(value: unknown, key: string): number {
  const field = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  if (typeof field !== 'number') throw new Error(`report field ${key} is missing`);
  return field;
}

async function vitestCounts(): Promise<Counts> {
  const report = await readJson('vitest.json');
  return {
    passed: numberField(report, 'numPassedTests'),
    failed: numberField(report, 'numFailedTests'),
    skipped: numberField(report, 'numPendingTests') + numberField(report, 'numTodoTests'),
  };
}

async function playwrightCounts(): Promise<Counts> {
  const stats = (await readJson('playwright.json')) as { stats?: unknown };
  return {
    passed: numberField(stats.stats, 'expected') + numberField(stats.stats, 'flaky'),
    failed: numberField(stats.stats, 'unexpected'),
    skipped: numberField(stats.stats, 'skipped'),
  };
}

interface PlaywrightSuite {
  readonly specs?: readonly {
    readonly title: string;
    readonly tests: readonly {
      readonly status?: string;
      readonly annotations?: readonly { readonly type: string; readonly description?: string }[];
    }[];
  }[];
  readonly suites?: readonly PlaywrightSuite[];
}

/** Skipped Playwright tests by their reason (the description of their skip annotation). */
async function playwrightSkipReasons(): Promise<Map<string, string[]>> {
  const report = (await readJson('playwright.json')) as { suites?: readonly PlaywrightSuite[] };
  const reasons = new Map<string, string[]>();
  const walk = (suite: PlaywrightSuite): void => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'skipped') continue;
        const skip = test.annotations?.find((annotation) => annotation.type === 'skip');
        const reason = skip?.description ?? '(no reason given)';
        reasons.set(reason, [...(reasons.get(reason) ?? []), spec.title]);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return reasons;
}

async function main(): Promise<void> {
  for (const [reason, titles] of await playwrightSkipReasons()) {
    console.log(`skipped ${titles.length} (${reason}): ${titles.join('; ')}`);
  }
  // Left out by playwright.config.ts, so in no report: said here, or a reader would not know they exist.
  if (!updatingScreenshots()) console.log(`not run: the tests tagged ${DOCS_PICTURE} (UPDATE_SCREENSHOTS=1 runs them)`);
  const all = [await vitestCounts(), await playwrightCounts()];
  const total = all.reduce((sum, c) => ({
    passed: sum.passed + c.passed,
    failed: sum.failed + c.failed,
    skipped: sum.skipped + c.skipped,
  }));
  console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  if (total.failed > 0 || total.passed === 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error('test summary failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
