/**
 * `npm run rehearse`: plays the Linux job of .github/workflows/build.yml end to end in a fresh clone of HEAD, on this
 * machine, offline, with the same step code the workflow runs (scripts/pipeline/steps.ts). Where GitHub has what is
 * missing here, the step runs with the smallest stand-in that keeps it the same step (the stand-in Electron folder
 * and AppImage toolset of offline-build.ts, a `sudo` that runs as root), and a step that cannot run here at all says
 * why in one line. It also replays the Windows runners' checkout (core.autocrlf=true) and lints that whole clone.
 *
 *   npm run rehearse                 # everything, the test suite in the clone included
 *   npm run rehearse -- --skip-test  # .ci/run: it has just run npm test on the same commit
 *
 * Exit 0 when every step that can run here passed.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, globSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  buildStaticRuntime,
  offlineBuilderArgs,
  offlineBuilderEnv,
  pinnedElectronVersion,
  writeAppImageToolset,
  writeStandInElectron,
} from './offline-build.ts';
import { packagedApp, PROJECT_ROOT } from './packaged-app.ts';
import { describeStep, stepEnvironment } from './run-step.ts';
import { jobSteps, RELEASE_DIR, runnerFor, SMOKE_DIR, type Step } from './steps.ts';

const run = promisify(execFile);

type Outcome =
  { readonly kind: 'rehearsed'; readonly detail: string } | { readonly kind: 'github-only'; readonly why: string };

interface Rehearsal {
  readonly name: string;
  readonly play: () => Promise<Outcome>;
}

const rehearsed = (detail: string): Outcome => ({ kind: 'rehearsed', detail });
const githubOnly = (why: string): Outcome => ({ kind: 'github-only', why });

/** Runs a command in `cwd`, its output going to ours; rejects naming it when it fails. */
function sh(command: readonly string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const [program = '', ...args] = command;
  const child = spawn(program, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command.join(' ')} exited with ${String(code)}`));
    });
  });
}

interface Scratch {
  readonly clone: string;
  readonly work: string;
  readonly env: NodeJS.ProcessEnv;
}

/**
 * The substitutions that make a GitHub step run here, and nothing else: the stand-in Electron folder and the
 * pinned version instead of electron-builder's download, the AppImage toolset made from the system's mksquashfs, and
 * only the AppImage of the Linux targets (deb and rpm need fpm, a download).
 */
async function offlineArgs(scratch: Scratch, step: Step): Promise<Step> {
  const electronDist = await writeStandInElectron(scratch.work);
  const version = await pinnedElectronVersion(scratch.clone);
  const extra = offlineBuilderArgs(electronDist, version);
  const command =
    step.id === 'package'
      ? step.command.flatMap((part) => (part === '--linux' ? ['--linux', 'AppImage'] : [part]))
      : [...step.command];
  return { ...step, command: [...command, ...extra] };
}

async function runStepIn(scratch: Scratch, step: Step, extraEnv: NodeJS.ProcessEnv = {}): Promise<void> {
  const env = stepEnvironment(step, { ...scratch.env, ...extraEnv });
  console.log(`[rehearse]   ${describeStep(step)}`);
  await sh(step.command, scratch.clone, env);
}

/** The Linux job's step `id`, for the clone. */
function stepOf(scratch: Scratch, id: Step['id']): Step {
  const step = jobSteps(runnerFor('linux', 'x64', {}), scratch.clone).find((entry) => entry.id === id);
  if (step === undefined) throw new Error(`the Linux job has no step ${id}`);
  return step;
}

/** The upload step's globs (build.yml) against what the packaging made. */
const UPLOAD_GLOBS = ['*.AppImage', '*.deb', '*.rpm', '*.dmg', '*.zip', '*.exe', '*.blockmap', 'latest*.yml'];

/**
 * Only GitHub stores artifacts; here the upload's globs are matched against what the packaging made: the AppImage,
 * and latest-linux.yml only where a release feed was given (scripts/dist.ts: without one there is no update feed).
 */
function uploadOutcome(clone: string, env: NodeJS.ProcessEnv): Outcome {
  const found = UPLOAD_GLOBS.flatMap((glob) => globSync(glob, { cwd: path.join(clone, RELEASE_DIR) }));
  const feed = (env['NTFY_TRAY_RELEASE_REPOSITORY'] ?? '') !== '';
  if (!found.some((file) => file.endsWith('.AppImage')) || (feed && !found.includes('latest-linux.yml'))) {
    throw new Error(`the upload's globs match ${found.join(', ') || 'nothing'} in ${RELEASE_DIR}/`);
  }
  return githubOnly(`actions/upload-artifact; its globs match ${found.join(', ')} here (deb and rpm come on GitHub)`);
}

function rehearsals(scratch: Scratch, options: { skipTest: boolean }): Rehearsal[] {
  return [
    {
      name: 'Check out',
      play: async () => {
        await sh(['git', 'clone', '--quiet', '--no-hardlinks', PROJECT_ROOT, scratch.clone], scratch.work);
        return rehearsed(`a fresh clone of HEAD in ${scratch.clone}`);
      },
    },
    {
      name: 'Set up Node.js',
      play: () =>
        Promise.resolve(
          githubOnly('actions/setup-node installs Node 24 there; here the pinned `node` devDependency runs Node 24'),
        ),
    },
    {
      name: 'Install system packages (Linux)',
      play: async () => {
        const list = await run('sh', ['scripts/pipeline/system-packages.sh', 'debian', '--print'], {
          cwd: scratch.clone,
        });
        const packages = list.stdout.trim().split(/\s+/);
        await run('dpkg-query', ['--show', ...packages]);
        return rehearsed(
          `${String(packages.length)} packages of the shared list installed (Debian's; the runner's list swaps ` +
            'chromium for rpm, which only Ubuntu needs)',
        );
      },
    },
    {
      name: 'Install dependencies',
      play: async () => {
        await sh(['npm', 'ci', '--no-audit', '--no-fund'], scratch.clone, scratch.env);
        return rehearsed('npm ci with ELECTRON_SKIP_BINARY_DOWNLOAD=1, as the workflow sets it');
      },
    },
    {
      name: 'Check out on Windows (core.autocrlf=true) and lint it',
      play: async () => {
        const crlf = path.join(scratch.work, 'crlf-clone');
        await sh(['git', 'clone', '--quiet', '-c', 'core.autocrlf=true', PROJECT_ROOT, crlf], scratch.work);
        const prettier = path.join(scratch.clone, 'node_modules', 'prettier', 'bin', 'prettier.cjs');
        await sh([process.execPath, prettier, '--check', '--log-level', 'warn', '.'], crlf);
        return rehearsed('prettier --check passes on every file of a clone made as the Windows runners make it');
      },
    },
    {
      name: 'Test',
      play: async () => {
        if (options.skipTest) return rehearsed('skipped: .ci/run ran `npm test` on this commit just before');
        await sh(['npm', 'test'], scratch.clone, scratch.env);
        return rehearsed('npm test in the clone');
      },
    },
    {
      name: 'Package',
      play: async () => {
        const toolset = await writeAppImageToolset(
          scratch.work,
          (await run('sh', ['-c', 'command -v mksquashfs'])).stdout.trim(),
          await buildStaticRuntime(scratch.work),
        );
        await runStepIn(scratch, await offlineArgs(scratch, stepOf(scratch, 'package')), {
          APPIMAGE_TOOLS_PATH: toolset,
        });
        return rehearsed(
          'the AppImage, from the stand-in Electron folder and AppImage toolset; deb and rpm only on GitHub, ' +
            'because electron-builder downloads fpm to make them',
        );
      },
    },
    {
      name: 'Check the AppImage runtime (Linux)',
      play: async () => {
        await runStepIn(scratch, stepOf(scratch, 'check-appimage'));
        return rehearsed(
          'on the AppImage built above, whose runtime is a static stand-in (the real one is a download)',
        );
      },
    },
    { name: 'Upload installers', play: () => Promise.resolve(uploadOutcome(scratch.clone, scratch.env)) },
    {
      name: 'Package the smoke-test build',
      play: async () => {
        await runStepIn(scratch, await offlineArgs(scratch, stepOf(scratch, 'package-smoke')));
        const { executable } = packagedApp('linux', 'x64', SMOKE_DIR, scratch.clone);
        if (!existsSync(executable)) throw new Error(`electron-builder made no ${executable}`);
        return rehearsed(`electron-builder made ${path.relative(scratch.clone, executable)}, where steps.ts looks`);
      },
    },
    {
      name: 'Enable the sandbox helper (Linux)',
      play: async () => {
        await runStepIn(scratch, stepOf(scratch, 'sandbox-helper'));
        return rehearsed('chown and chmod 4755 on the smoke build’s chrome-sandbox (as root; a sudo that runs as is)');
      },
    },
    {
      name: 'Smoke test the packaged app',
      play: () =>
        Promise.resolve(
          githubOnly('it starts the real Electron of the packaged build, which cannot be downloaded here'),
        ),
    },
  ];
}

/** `sudo` as GitHub's runners have it (passwordless), for a root user on a machine without it. */
async function sudoForRoot(work: string): Promise<string | undefined> {
  const found = await run('sh', ['-c', 'command -v sudo']).then(
    () => true,
    () => false,
  );
  if (found || process.getuid?.() !== 0) return undefined;
  const bin = path.join(work, 'bin');
  await mkdir(bin, { recursive: true });
  await writeFile(path.join(bin, 'sudo'), '#!/bin/sh\nexec "$@"\n', { mode: 0o755 });
  return bin;
}

async function main(args: readonly string[]): Promise<number> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'ntfy-tray-rehearsal-'));
  const sudoBin = await sudoForRoot(work);
  const scratch: Scratch = {
    clone: path.join(work, 'clone'),
    work,
    env: {
      ...process.env,
      ...offlineBuilderEnv(work),
      ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
      PATH: [sudoBin, process.env['PATH']].filter((part) => part !== undefined).join(path.delimiter),
    },
  };
  const lines: string[] = [];
  let failed = false;
  for (const step of rehearsals(scratch, { skipTest: args.includes('--skip-test') })) {
    console.log(`[rehearse] ${step.name}`);
    try {
      const outcome = await step.play();
      lines.push(
        outcome.kind === 'rehearsed'
          ? `rehearsed here      ${step.name}: ${outcome.detail}`
          : `only on GitHub      ${step.name}: ${outcome.why}`,
      );
    } catch (error) {
      failed = true;
      lines.push(`FAILED              ${step.name}: ${error instanceof Error ? error.message : String(error)}`);
      break;
    }
  }
  console.log(`\n[rehearse] the Linux job of .github/workflows/build.yml:\n${lines.join('\n')}`);
  if (!args.includes('--keep')) await rm(work, { recursive: true, force: true });
  return failed ? 1 : 0;
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
