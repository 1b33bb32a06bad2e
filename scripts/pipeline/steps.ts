/**
 * The build job's steps after `npm ci`, per runner: .github/workflows/build.yml runs each as
 * `npm run pipeline -- <step>` (scripts/pipeline/run-step.ts), and scripts/pipeline/rehearse.ts plays the Linux
 * job's steps here. Everything that differs per OS (electron-builder's platform flag, signing, the smoke build's
 * architecture and executable, the display and sandbox helper on Linux) is decided here, in code with a unit test
 * per OS (test/unit/scripts/pipeline-steps.test.ts); the workflow names no path and no platform.
 */
import path from 'node:path';
import { type BuildArch, packagedApp, PROJECT_ROOT } from './packaged-app.ts';
import type { TestHost as Os } from './test-hosts.ts';

interface Runner {
  readonly os: Os;
  /** The runner's CPU: the smoke build is made for it (the installers keep electron-builder.yml's arches). */
  readonly arch: BuildArch;
  /** Whether this OS's certificate is there (CSC_LINK set from the repository's secret). Linux is never signed. */
  readonly signed: boolean;
}

export interface Step {
  readonly id: StepId;
  readonly title: string;
  readonly command: readonly string[];
  /** Added to the environment. */
  readonly env: Readonly<Record<string, string>>;
  /** Taken out of the environment. */
  readonly unset?: readonly string[];
}

export const STEP_IDS = ['package', 'check-appimage', 'package-smoke', 'sandbox-helper', 'smoke'] as const;
type StepId = (typeof STEP_IDS)[number];

/** electron-builder's output folders (the installers; the smoke build). */
export const RELEASE_DIR = 'release';
export const SMOKE_DIR = 'release-smoke';
const SMOKE_SPEC = 'test/e2e/electron-smoke.spec.ts';

const PLATFORM_FLAG: Readonly<Record<Os, string>> = { linux: '--linux', darwin: '--mac', win32: '--win' };

/**
 * Unsigned builds: ad hoc on macOS (Apple silicon starts nothing unsigned; the hardened runtime would refuse
 * Electron's own libraries under an ad-hoc signature), and no certificate lookup anywhere.
 */
const UNSIGNED_FLAGS = ['-c.mac.identity=-', '-c.mac.hardenedRuntime=false'];
const NO_CERTIFICATE = { CSC_IDENTITY_AUTO_DISCOVERY: 'false' };
/**
 * The workflow sets these to the secret or to '' without one; electron-builder takes '' for a certificate on macOS
 * (MacPackager asks only `cscLink == null`), so an unsigned build runs without them.
 */
const CERTIFICATE_VARIABLES = ['CSC_LINK', 'CSC_KEY_PASSWORD'];

export function runnerFor(platform: NodeJS.Platform, arch: string, env: NodeJS.ProcessEnv): Runner {
  if (platform !== 'linux' && platform !== 'darwin' && platform !== 'win32') {
    throw new Error(`no build job for ${platform}: Linux, macOS and Windows only`);
  }
  if (arch !== 'x64' && arch !== 'arm64') throw new Error(`no build job for ${arch}: x64 and arm64 only`);
  const certificate = env['CSC_LINK'] ?? '';
  return { os: platform, arch, signed: platform !== 'linux' && certificate !== '' };
}

function packageStep(runner: Runner): Step {
  return {
    id: 'package',
    title: runner.signed ? 'Package (signed)' : 'Package (unsigned)',
    command: ['npm', 'run', 'dist', '--', PLATFORM_FLAG[runner.os], ...(runner.signed ? [] : UNSIGNED_FLAGS)],
    env: runner.signed ? {} : NO_CERTIFICATE,
    unset: runner.signed ? [] : CERTIFICATE_VARIABLES,
  };
}

/**
 * Playwright's _electron attaches through --inspect, which the installers' fuses switch off: the smoke build is the
 * same app with only that fuse left on, unpacked into its own folder, for the runner's own CPU.
 */
function packageSmokeStep(runner: Runner): Step {
  return {
    id: 'package-smoke',
    title: 'Package the smoke-test build',
    command: [
      'npx',
      'electron-builder',
      PLATFORM_FLAG[runner.os],
      `--${runner.arch}`,
      '--dir',
      '--publish',
      'never',
      `-c.directories.output=${SMOKE_DIR}`,
      '-c.electronFuses.enableNodeCliInspectArguments=true',
      ...UNSIGNED_FLAGS,
    ],
    env: NO_CERTIFICATE,
    unset: CERTIFICATE_VARIABLES,
  };
}

/**
 * Ubuntu 24.04 allows Chromium's user-namespace sandbox only under an AppArmor profile, which the deb installs; the
 * unpacked build uses the setuid helper instead, as the deb does where namespaces are unavailable.
 */
function sandboxHelperStep(runner: Runner, projectRoot: string): Step {
  const helper = path.join(packagedApp(runner.os, runner.arch, SMOKE_DIR, projectRoot).appOutDir, 'chrome-sandbox');
  return {
    id: 'sandbox-helper',
    title: 'Enable the sandbox helper (Linux)',
    command: ['sh', '-c', 'sudo chown root:root "$1" && sudo chmod 4755 "$1"', 'sandbox-helper', helper],
    env: {},
  };
}

/** Linux: a virtual display and the throwaway D-Bus session and keyring that npm test uses. */
function smokeStep(runner: Runner, projectRoot: string): Step {
  const playwright = ['npx', 'playwright', 'test', SMOKE_SPEC];
  return {
    id: 'smoke',
    title: 'Smoke test the packaged app',
    command: runner.os === 'linux' ? ['node', 'scripts/test-session.ts', 'xvfb-run', '-a', ...playwright] : playwright,
    env: { NTFY_TRAY_SMOKE_EXECUTABLE: packagedApp(runner.os, runner.arch, SMOKE_DIR, projectRoot).executable },
  };
}

function checkAppImageStep(): Step {
  return {
    id: 'check-appimage',
    title: 'Check the AppImage runtime (Linux)',
    // The file name is electron-builder's; the script takes every AppImage in the folder (see its --dir).
    command: ['node', 'scripts/check-appimage-runtime.ts', '--dir', RELEASE_DIR],
    env: {},
  };
}

/** The steps `runner` runs after installing and testing, in order, in the checkout at `projectRoot`. */
export function jobSteps(runner: Runner, projectRoot = PROJECT_ROOT): Step[] {
  const linux = runner.os === 'linux';
  return [
    packageStep(runner),
    ...(linux ? [checkAppImageStep()] : []),
    packageSmokeStep(runner),
    ...(linux ? [sandboxHelperStep(runner, projectRoot)] : []),
    smokeStep(runner, projectRoot),
  ];
}

/** The step `id` on `runner`, or why it does not run there. */
export function stepFor(runner: Runner, id: string): Step | { readonly skip: string } {
  if (!(STEP_IDS as readonly string[]).includes(id)) {
    throw new Error(`unknown step ${id}: one of ${STEP_IDS.join(', ')}`);
  }
  return jobSteps(runner).find((step) => step.id === id) ?? { skip: `${id} runs on Linux only` };
}
