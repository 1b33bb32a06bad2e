import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { validateWorkflow } from '@action-validator/core';
import type { Configuration } from 'app-builder-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { RELEASE_DIR, runnerFor, STEP_IDS, stepFor } from '../../../scripts/pipeline/steps.ts';

/*
 * .github/workflows/build.yml runs only on GitHub's runners, never here. This checks what can be checked offline:
 * it is a valid workflow per GitHub's schema (@action-validator/core bundles SchemaStore's github-workflow schema),
 * its steps are the project's own scripts (scripts/pipeline/steps.ts decides every per-OS difference, and
 * `npm run rehearse` plays the Linux job here), and the files it names exist.
 */
const projectRoot = path.resolve(import.meta.dirname, '../../..');
const workflowPath = path.join(projectRoot, '.github', 'workflows', 'build.yml');

interface Step {
  readonly name?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly if?: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly with?: Readonly<Record<string, string>>;
}
interface MatrixEntry {
  readonly name: string;
  readonly os: string;
}
interface Job {
  readonly strategy: { readonly matrix: { readonly include: MatrixEntry[] } };
  readonly env: Readonly<Record<string, string>>;
  readonly steps: Step[];
}
interface Workflow {
  readonly jobs: Readonly<Record<string, Job>>;
}

let source: string;
let steps: Step[];
let matrix: MatrixEntry[];
let jobEnv: Readonly<Record<string, string>>;
let builderConfig: Configuration;

beforeAll(async () => {
  source = await readFile(workflowPath, 'utf8');
  const workflow = parse(source) as Workflow;
  const job = workflow.jobs['build'];
  if (job === undefined) throw new Error('build.yml has no job named build');
  steps = job.steps;
  matrix = job.strategy.matrix.include;
  jobEnv = job.env;
  builderConfig = parse(await readFile(path.join(projectRoot, 'electron-builder.yml'), 'utf8')) as Configuration;
});

function indexOfStep(predicate: (step: Step) => boolean, description: string): number {
  const index = steps.findIndex(predicate);
  if (index === -1) throw new Error(`no step ${description}`);
  return index;
}

describe('.github/workflows/build.yml', () => {
  it('is a valid GitHub Actions workflow', () => {
    expect(validateWorkflow(source).errors).toEqual([]);
  });

  it('is checked by a validator that does reject a broken workflow', () => {
    // The same file with a step that both runs a command and uses an action, which the schema forbids.
    const broken = source.replace('      - name: Test\n', '      - name: Test\n        uses: actions/checkout@v5\n');

    expect(broken).not.toBe(source);
    expect(validateWorkflow(broken).errors).not.toEqual([]);
  });

  it('builds on Linux, macOS and Windows runners', () => {
    expect(matrix.map((entry) => entry.os.split('-')[0]).sort()).toEqual(['macos', 'ubuntu', 'windows']);
    expect(matrix.map((entry) => entry.name).sort()).toEqual(['Linux', 'Windows', 'macOS']);
  });

  it('installs, tests, packages, uploads the installers and smoke-tests the packaged app, in that order', () => {
    const order = [
      indexOfStep((step) => step.uses?.startsWith('actions/checkout@') === true, 'checking out'),
      indexOfStep((step) => step.uses?.startsWith('actions/setup-node@') === true, 'setting up Node'),
      indexOfStep((step) => step.run === 'sh scripts/pipeline/system-packages.sh github-ubuntu', 'system packages'),
      indexOfStep((step) => step.run === 'npm ci --no-audit --no-fund', 'installing'),
      indexOfStep((step) => step.run === 'npm test', 'testing'),
      indexOfStep((step) => step.run === 'npm run pipeline -- package', 'packaging'),
      indexOfStep((step) => step.run === 'npm run pipeline -- check-appimage', 'checking the AppImage'),
      indexOfStep((step) => step.with?.['name']?.startsWith('installers-') === true, 'uploading installers'),
      indexOfStep((step) => step.run === 'npm run pipeline -- package-smoke', 'packaging the smoke build'),
      indexOfStep((step) => step.run === 'npm run pipeline -- sandbox-helper', 'the sandbox helper'),
      indexOfStep((step) => step.run === 'npm run pipeline -- smoke', 'smoke testing'),
    ];

    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('runs on each OS exactly the pipeline steps scripts/pipeline/steps.ts gives that OS', () => {
    // The step conditions build.yml uses, evaluated for one runner; an unknown condition fails here, not on GitHub.
    const runsOn = (step: Step, os: string): boolean => {
      if (step.if === undefined) return true;
      const match = /^runner\.os (==|!=) '(\w+)'$/.exec(step.if);
      if (match === null) throw new Error(`unknown step condition: ${step.if}`);
      return (match[1] === '==') === (os === match[2]);
    };
    const runners = { Linux: ['linux', 'x64'], macOS: ['darwin', 'arm64'], Windows: ['win32', 'x64'] } as const;
    for (const [os, [platform, arch]] of Object.entries(runners)) {
      for (const signed of [true, false]) {
        const runner = runnerFor(platform, arch, { CSC_LINK: signed ? 'certificate' : '' });
        const inWorkflow = steps
          .filter((step) => step.if !== 'failure()' && runsOn(step, os))
          .flatMap((step) => /^npm run pipeline -- ([\w-]+)$/.exec(step.run ?? '')?.[1] ?? []);
        const inCode = STEP_IDS.filter((id) => !('skip' in stepFor(runner, id)));

        expect({ os, signed, steps: inWorkflow }).toEqual({ os, signed, steps: inCode });
      }
    }
  });

  it('leaves the real Electron to the smoke step: npm ci downloads no Electron binary for the Test step', () => {
    // On Linux the Test step has no display; npm's Electron would be started without one (electron-binary.ts skips
    // it there too). electron-builder downloads the Electron it packages by itself.
    expect(jobEnv['ELECTRON_SKIP_BINARY_DOWNLOAD']).toBe('1');
    expect(source).not.toMatch(/xvfb-run|DISPLAY/);
  });

  it('names no smoke path, platform flag or browser path: those are computed per OS in code', () => {
    expect(source).not.toMatch(
      /release-smoke|ntfy[ -]tray|\.app\b|--linux|--mac\b|--win\b|CHROMIUM_PATH|google-chrome/i,
    );
  });

  it('gives each system its own certificate secret, and none to Linux', () => {
    expect(jobEnv['CSC_LINK']).toBe(
      "${{ matrix.name == 'macOS' && secrets.MAC_CSC_LINK || matrix.name == 'Windows' && secrets.WIN_CSC_LINK || '' }}",
    );
    expect(jobEnv['CSC_KEY_PASSWORD']).toContain('secrets.MAC_CSC_KEY_PASSWORD');
    expect(jobEnv['CSC_KEY_PASSWORD']).toContain('secrets.WIN_CSC_KEY_PASSWORD');
  });

  it('names only npm scripts and files that exist', async () => {
    const packageJson = JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const commands = steps.flatMap((step) => (step.run === undefined ? [] : [step.run]));
    for (const [, script] of commands.join('\n').matchAll(/npm run ([\w:-]+)/g)) {
      expect(Object.keys(packageJson.scripts)).toContain(script);
    }
    for (const [file] of commands.join('\n').matchAll(/\b(?:scripts|test)\/[\w./-]+\.(?:sh|ts)\b/g)) {
      await access(path.join(projectRoot, file));
    }
  });

  it('uploads every installer electron-builder.yml produces, from its output folder', () => {
    const upload = steps.find((step) => step.with?.['name']?.startsWith('installers-') === true);
    const paths = (upload?.with?.['path'] ?? '').trim().split('\n');
    const output = builderConfig.directories?.output ?? 'dist';

    expect(output).toBe(RELEASE_DIR);
    expect(paths.every((entry) => entry.startsWith(`${output}/`))).toBe(true);
    // AppImage, deb, rpm (linux.target), dmg and zip (mac.target), exe (nsis).
    for (const extension of ['AppImage', 'deb', 'rpm', 'dmg', 'zip', 'exe']) {
      expect(paths).toContain(`${output}/*.${extension}`);
    }
    expect(builderConfig.linux?.target).toEqual(['AppImage', 'deb', 'rpm']);
    expect(builderConfig.win?.target).toBe('nsis');
  });
});
