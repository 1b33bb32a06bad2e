import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagedApp } from '../../../scripts/pipeline/packaged-app.ts';
import { jobSteps, runnerFor, stepFor, type Step } from '../../../scripts/pipeline/steps.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const ids = (steps: Step[]): string[] => steps.map((step) => step.id);
const step = (steps: Step[], id: string): Step | undefined => steps.find((entry) => entry.id === id);

describe('the build job per runner (scripts/pipeline/steps.ts)', () => {
  describe('Linux (ubuntu-24.04, x64)', () => {
    const steps = jobSteps(runnerFor('linux', 'x64', { CSC_LINK: 'ignored on Linux' }));

    it('packages unsigned, checks the AppImage, builds and smoke-tests the unpacked app with its sandbox helper', () => {
      expect(ids(steps)).toEqual(['package', 'check-appimage', 'package-smoke', 'sandbox-helper', 'smoke']);
      expect(step(steps, 'package')?.command).toEqual(
        expect.arrayContaining(['npm', 'run', 'dist', '--', '--linux', '-c.mac.identity=-']),
      );
      expect(step(steps, 'check-appimage')?.command).toEqual([
        'node',
        'scripts/check-appimage-runtime.ts',
        '--dir',
        'release',
      ]);
    });

    it('smoke-tests ntfy-tray in linux-unpacked, on a virtual display inside the test session', () => {
      const smoke = step(steps, 'smoke');
      expect(smoke?.env['NTFY_TRAY_SMOKE_EXECUTABLE']).toBe(path.join(root, 'release-smoke/linux-unpacked/ntfy-tray'));
      expect(smoke?.command.slice(0, 5)).toEqual(['node', 'scripts/test-session.ts', 'xvfb-run', '-a', 'npx']);
      expect(step(steps, 'sandbox-helper')?.command.at(-1)).toBe(
        path.join(root, 'release-smoke/linux-unpacked/chrome-sandbox'),
      );
      expect(step(steps, 'package-smoke')?.command).toEqual(expect.arrayContaining(['--linux', '--x64', '--dir']));
    });
  });

  describe('macOS (macos-15, Apple silicon)', () => {
    it('unsigned: ad hoc, no certificate lookup; the smoke build for arm64, ntfy Tray.app', () => {
      const steps = jobSteps(runnerFor('darwin', 'arm64', {}));
      expect(ids(steps)).toEqual(['package', 'package-smoke', 'smoke']);
      expect(step(steps, 'package')?.title).toBe('Package (unsigned)');
      expect(step(steps, 'package')?.command).toEqual(
        expect.arrayContaining(['--mac', '-c.mac.identity=-', '-c.mac.hardenedRuntime=false']),
      );
      expect(step(steps, 'package')?.env).toEqual({ CSC_IDENTITY_AUTO_DISCOVERY: 'false' });
      // The workflow sets CSC_LINK to '' without the secret, which electron-builder would take for a certificate.
      expect(step(steps, 'package')?.unset).toEqual(['CSC_LINK', 'CSC_KEY_PASSWORD']);
      expect(step(steps, 'package-smoke')?.unset).toEqual(['CSC_LINK', 'CSC_KEY_PASSWORD']);
      expect(step(steps, 'package-smoke')?.command).toEqual(expect.arrayContaining(['--mac', '--arm64', '--dir']));
      expect(step(steps, 'smoke')?.env['NTFY_TRAY_SMOKE_EXECUTABLE']).toBe(
        path.join(root, 'release-smoke/mac-arm64/ntfy Tray.app/Contents/MacOS/ntfy Tray'),
      );
      expect(step(steps, 'smoke')?.command).toEqual(['npx', 'playwright', 'test', 'test/e2e/electron-smoke.spec.ts']);
    });

    it('signed when the certificate is there: no ad-hoc flags, electron-builder finds the identity', () => {
      const packaging = step(jobSteps(runnerFor('darwin', 'arm64', { CSC_LINK: 'base64…' })), 'package');
      expect(packaging?.title).toBe('Package (signed)');
      expect(packaging?.command).toEqual(['npm', 'run', 'dist', '--', '--mac']);
      expect(packaging?.env).toEqual({});
      expect(packaging?.unset).toEqual([]);
    });
  });

  describe('Windows (windows-2025, x64)', () => {
    it('packages NSIS, smoke-tests ntfy Tray.exe in win-unpacked', () => {
      const steps = jobSteps(runnerFor('win32', 'x64', { CSC_LINK: '' }));
      expect(ids(steps)).toEqual(['package', 'package-smoke', 'smoke']);
      expect(step(steps, 'package')?.command).toEqual(expect.arrayContaining(['--win']));
      expect(step(steps, 'smoke')?.env['NTFY_TRAY_SMOKE_EXECUTABLE']).toBe(
        path.join(root, 'release-smoke/win-unpacked/ntfy Tray.exe'),
      );
    });
  });

  it('names a step another OS does not run, and refuses unknown steps, systems and CPUs', () => {
    expect(stepFor(runnerFor('darwin', 'arm64', {}), 'check-appimage')).toEqual({
      skip: 'check-appimage runs on Linux only',
    });
    expect(() => stepFor(runnerFor('linux', 'x64', {}), 'deploy')).toThrow(/unknown step deploy/);
    expect(() => runnerFor('freebsd', 'x64', {})).toThrow(/Linux, macOS and Windows only/);
    expect(() => runnerFor('linux', 'ia32', {})).toThrow(/x64 and arm64 only/);
  });

  it('takes the paths from electron-builder’s packagers, which follow electron-builder.yml', () => {
    // A top-level executableName would rename the macOS bundle and the Windows exe (AppInfo.productFilename).
    const renamed = { productName: 'ntfy Tray', executableName: 'ntfy-tray' };
    expect(packagedApp('win32', 'x64', 'out', root, renamed).executable).toBe(
      path.join(root, 'out/win-unpacked/ntfy-tray.exe'),
    );
    expect(packagedApp('darwin', 'x64', 'out', root, renamed).executable).toBe(
      path.join(root, 'out/mac/ntfy-tray.app/Contents/MacOS/ntfy-tray'),
    );
    expect(packagedApp('linux', 'arm64', 'out', root, {}).appOutDir).toBe(path.join(root, 'out/linux-arm64-unpacked'));
  });
});
