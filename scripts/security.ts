/**
 * `npm run security`: @doyensec/electronegativity over the app, offline. Fails on any finding of MEDIUM or higher
 * severity that scripts/security-accepted.ts does not explain, on an explanation that no longer matches, and on a
 * file the scanner could not parse (a blind spot is not a pass).
 *
 * What is scanned, copied into one folder so the cross-file checks (CSP, navigation limits, permission handler)
 * see main, preload and renderer together:
 *   src/main, src/preload, src/renderer   the TypeScript sources (line numbers point at real code)
 *   dist/preload, dist/renderer           what the build ships for them (the bundled preload, the built page and CSP)
 *   package.json                          npm scripts (Electron flags, disabled warnings)
 * dist/main is left out: it is the bundle of src/main, and electronegativity 1.10's scope analysis cannot read the
 * class private fields (#x) that the Node 24 bundle keeps, so it would be an unreadable duplicate.
 *
 * The tool phones home twice: for translations (always) and for Electron's release list (the
 * AVAILABLE_SECURITY_FIXES check). That check is excluded — our Electron is pinned and its updates are a dependency
 * matter — and installOfflineGuard() makes any remaining attempt fail inside this process.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { installOfflineGuard } from './offline-guard.ts';
import { ACCEPTED_FINDINGS, type AcceptedFinding } from './security-accepted.ts';
import { pinnedElectronVersion } from './pipeline/offline-build.ts';

const root = path.resolve(import.meta.dirname, '..');
const FAIL_AT_SEVERITY = 2; // electronegativity: 0 informational, 1 low, 2 medium, 3 high

interface Level {
  readonly value: number;
  readonly name: string;
}

interface Issue {
  readonly id: string;
  readonly file: string;
  readonly location: { readonly line: number; readonly column: number };
  readonly severity: Level;
  readonly confidence: Level;
  readonly description: string;
  readonly manualReview: boolean;
}

interface RunResult {
  readonly globalChecks: number;
  readonly atomicChecks: number;
  readonly errors: readonly { readonly file: string; readonly message: string; readonly tolerable: boolean }[];
  readonly issues: readonly Issue[];
}

type Run = (options: Readonly<Record<string, unknown>>, forCli: boolean) => Promise<RunResult>;

function loadElectronegativity(): Run {
  // CommonJS without typings: checked here once, typed by the interfaces above.
  const loaded: unknown = createRequire(import.meta.url)('@doyensec/electronegativity');
  if (typeof loaded !== 'function') throw new Error('@doyensec/electronegativity did not export its run function');
  return loaded as Run;
}

async function stageScanTree(): Promise<string> {
  const stage = await mkdtemp(path.join(os.tmpdir(), 'ntfy-tray-security-'));
  for (const folder of ['common', 'main', 'preload', 'renderer']) {
    await cp(path.join(root, folder), path.join(stage, 'src', folder), { recursive: true });
  }
  for (const folder of ['preload', 'renderer']) {
    await cp(path.join(root, 'dist', folder), path.join(stage, 'dist', folder), {
      recursive: true,
      filter: (source) => !source.endsWith('.map'),
    });
  }
  await cp(path.join(root, 'package.json'), path.join(stage, 'package.json'));
  return stage;
}

function isAccepted(issue: Issue, accepted: AcceptedFinding): boolean {
  return issue.id === accepted.check && issue.file === accepted.file;
}

function describe(issue: Issue): string {
  const where = `${issue.file}:${issue.location.line}`;
  return `${issue.severity.name.padEnd(13)} ${issue.confidence.name.padEnd(9)} ${issue.id.padEnd(40)} ${where}`;
}

async function main(): Promise<void> {
  const guard = installOfflineGuard();
  const run = loadElectronegativity();
  const stage = await stageScanTree();
  try {
    // The tool reads LANG for its (unreachable) translations; its bundled English is what we want.
    process.env['LANG'] = 'en-US';
    const result = await run(
      {
        input: stage,
        isRelative: true,
        electronVersionOverride: await pinnedElectronVersion(root),
        excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
        customScan: [],
        parserPlugins: [],
      },
      false,
    );
    let failed = false;
    for (const error of result.errors) {
      console.error(`${error.tolerable ? 'warning' : 'error'}: could not parse ${error.file}: ${error.message}`);
      if (!error.tolerable) failed = true;
    }
    const seen = new Map<AcceptedFinding, number>();
    const rows = [...result.issues].sort((a, b) => b.severity.value - a.severity.value || a.id.localeCompare(b.id));
    for (const issue of rows) {
      const accepted = ACCEPTED_FINDINGS.find((candidate) => isAccepted(issue, candidate));
      if (accepted !== undefined) seen.set(accepted, (seen.get(accepted) ?? 0) + 1);
      const blocking = issue.severity.value >= FAIL_AT_SEVERITY && accepted === undefined;
      if (blocking) failed = true;
      console.log(`${blocking ? 'FAIL' : accepted === undefined ? '    ' : 'ok  '} ${describe(issue)}`);
      if (blocking) console.log(`       ${issue.description}`);
    }
    for (const accepted of ACCEPTED_FINDINGS) {
      const count = seen.get(accepted) ?? 0;
      if (count === accepted.occurrences) {
        console.log(`accepted ${accepted.check} ×${count} in ${accepted.file}: ${accepted.reason}`);
        continue;
      }
      console.error(
        `error: ${accepted.file} has ${count} ${accepted.check} finding(s), ${accepted.occurrences} reviewed; ` +
          'review the change and update scripts/security-accepted.ts',
      );
      failed = true;
    }
    const refusals = [...new Set(guard.refused.map((attempt) => attempt.target))];
    const network =
      refusals.length === 0 ? 'no network attempts' : `network attempts refused locally: ${refusals.join(', ')}`;
    const checks = result.globalChecks + result.atomicChecks;
    console.log(`electronegativity: ${checks} checks, ${result.issues.length} findings, ${network}`);
    if (failed) {
      console.error(
        'security: findings of MEDIUM or higher severity need a fix or a reason in scripts/security-accepted.ts',
      );
      process.exitCode = 1;
    } else {
      console.log('security: no unexplained finding of MEDIUM or higher severity');
    }
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('security scan failed:', error);
  process.exitCode = 1;
});
