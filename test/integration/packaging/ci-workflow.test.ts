import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { validateWorkflow } from '@action-validator/core';
import type { Configuration } from 'app-builder-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/*
 * .github/workflows/build.yml runs only on GitHub's runners, never here. This checks what can be checked offline:
 * it is a valid workflow per GitHub's schema (@action-validator/core bundles SchemaStore's github-workflow schema),
 * and the commands, scripts, files and output paths it names exist in this repository and electron-builder.yml.
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
  readonly platform: string;
  readonly 'smoke-executable': string;
}
interface Workflow {
  readonly jobs: Readonly<
    Record<string, { readonly strategy: { readonly matrix: { readonly include: MatrixEntry[] } }; steps: Step[] }>
  >;
}

let source: string;
let steps: Step[];
let matrix: MatrixEntry[];
let builderConfig: Configuration;

beforeAll(async () => {
  source = await readFile(workflowPath, 'utf8');
  const workflow = parse(source) as Workflow;
  const job = workflow.jobs['build'];
  if (job === undefined) throw new Error('build.yml has no job named build');
  steps = job.steps;
  matrix = job.strategy.matrix.include;
  builderConfig = parse(await readFile(path.join(projectRoot, 'electron-builder.yml'), 'utf8')) as Configuration;
});

function indexOfStep(predicate: (step: Step) => boolean, description: string): number {
  const index = steps.findIndex(predicate);
  if (index === -1) throw new Error(`no step ${description}`);
  return index;
}

function stepsRunning(command: string): Step[] {
  return steps.filter((step) => step.run?.includes(command) === true);
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
    expect(matrix.map((entry) => entry.platform).sort()).toEqual(['--linux', '--mac', '--win']);
  });

  it('installs, tests, packages, uploads the installers and smoke-tests the packaged app, in that order', () => {
    const order = [
      indexOfStep((step) => step.uses?.startsWith('actions/checkout@') === true, 'checking out'),
      indexOfStep((step) => step.uses?.startsWith('actions/setup-node@') === true, 'setting up Node'),
      indexOfStep((step) => step.run === 'npm ci --no-audit --no-fund', 'installing'),
      indexOfStep((step) => step.run === 'npm test', 'testing'),
      indexOfStep((step) => step.run?.startsWith('npm run dist -- ') === true, 'packaging'),
      indexOfStep((step) => step.with?.['name']?.startsWith('installers-') === true, 'uploading installers'),
      indexOfStep((step) => step.run?.includes('electron-builder') === true, 'packaging the smoke build'),
      indexOfStep((step) => step.run?.includes('test/e2e/electron-smoke.spec.ts') === true, 'smoke testing'),
    ];

    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('reaches Package and Smoke on Linux, macOS and Windows, signed or not', () => {
    // The step conditions build.yml uses, evaluated for one runner; an unknown condition fails here, not on GitHub.
    const runs = (step: Step, os: string, signing: string): boolean => {
      const condition = step.if;
      if (condition === undefined) return true;
      const match = /^(runner\.os|env\.SIGNING) (==|!=) '(\w+)'$/.exec(condition);
      if (match === null) throw new Error(`unknown step condition: ${condition}`);
      const actual = match[1] === 'runner.os' ? os : signing;
      return (match[2] === '==') === (actual === match[3]);
    };
    for (const os of ['Linux', 'macOS', 'Windows']) {
      for (const signing of ['signed', 'unsigned']) {
        const ran = steps.filter((step) => step.if !== 'failure()' && runs(step, os, signing));
        const packaging = ran.filter((step) => step.run?.startsWith('npm run dist -- ') === true);
        const smoke = ran.filter((step) => step.run?.includes('test/e2e/electron-smoke.spec.ts') === true);

        expect({ os, signing, packaging: packaging.length, smoke: smoke.length }).toEqual({
          os,
          signing,
          packaging: 1,
          smoke: 1,
        });
      }
    }
  });

  it('checks on Linux, after packaging, that the AppImage’s runtime needs no libfuse.so.2', () => {
    // The real static runtime cannot be downloaded here (test/integration/packaging/appimage-runtime.test.ts).
    const check = indexOfStep(
      (step) => step.run === 'node scripts/check-appimage-runtime.ts release/*.AppImage',
      'checking the AppImage runtime',
    );

    expect(steps[check]?.if).toBe("runner.os == 'Linux'");
    expect(check).toBeGreaterThan(
      indexOfStep((step) => step.run?.startsWith('npm run dist -- ') === true, 'packaging'),
    );
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

  it('signs only when the certificate secret exists, and builds unsigned (ad hoc on macOS) otherwise', () => {
    const [signed, unsigned, ...others] = stepsRunning('npm run dist');

    expect(others).toEqual([]);
    expect(signed?.if).toBe("env.SIGNING == 'signed'");
    expect(unsigned?.if).toBe("env.SIGNING != 'signed'");
    expect(Object.keys(signed?.env ?? {})).toEqual(expect.arrayContaining(['CSC_LINK', 'CSC_KEY_PASSWORD']));
    expect(unsigned?.env).toEqual({ CSC_IDENTITY_AUTO_DISCOVERY: 'false' });
    expect(unsigned?.run).toContain('-c.mac.identity=-');
  });

  it('uploads every installer electron-builder.yml produces, from its output folder', () => {
    const upload = steps.find((step) => step.with?.['name']?.startsWith('installers-') === true);
    const paths = (upload?.with?.['path'] ?? '').trim().split('\n');
    const output = builderConfig.directories?.output ?? 'dist';

    expect(paths.every((entry) => entry.startsWith(`${output}/`))).toBe(true);
    // AppImage, deb, rpm (linux.target), dmg (mac.target), exe (nsis).
    for (const extension of ['AppImage', 'deb', 'rpm', 'dmg', 'exe']) {
      expect(paths).toContain(`${output}/*.${extension}`);
    }
    expect(builderConfig.linux?.target).toEqual(['AppImage', 'deb', 'rpm']);
    expect(builderConfig.win?.target).toBe('nsis');
  });

  it('smoke-tests a build that differs from the installers only in the fuse Playwright needs', () => {
    const [smokeBuild] = stepsRunning('electron-builder');
    const fuseOverrides = [...(smokeBuild?.run ?? '').matchAll(/-c\.electronFuses\.[\w.]+=\w+/g)].map(([flag]) => flag);

    expect(fuseOverrides).toEqual(['-c.electronFuses.enableNodeCliInspectArguments=true']);
    expect(smokeBuild?.run).toContain('--dir');
    expect(smokeBuild?.run).toContain('-c.directories.output=release-smoke');
  });

  it('points the smoke test at the executable electron-builder names on each system', () => {
    const { executableName, productName } = builderConfig;
    const expected: Record<string, string> = {
      '--linux': `release-smoke/linux-unpacked/${executableName ?? ''}`,
      '--mac': `release-smoke/mac-arm64/${productName ?? ''}.app/Contents/MacOS/${productName ?? ''}`,
      '--win': `release-smoke/win-unpacked/${productName ?? ''}.exe`,
    };
    for (const entry of matrix) {
      expect(entry['smoke-executable']).toBe(expected[entry.platform]);
    }
    for (const step of stepsRunning('electron-smoke.spec.ts')) {
      expect(step.env?.['NTFY_TRAY_SMOKE_EXECUTABLE']).toBe('${{ github.workspace }}/${{ matrix.smoke-executable }}');
    }
    // Linux: a virtual display and the throwaway D-Bus session and keyring that npm test uses.
    const linuxSmoke = stepsRunning('electron-smoke.spec.ts').find((step) => step.if === "runner.os == 'Linux'");
    expect(linuxSmoke?.run).toMatch(/^sh scripts\/test-session\.sh xvfb-run -a npx playwright test /);
  });
});
