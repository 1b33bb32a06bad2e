import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findElectronBinary } from '../../e2e/support/electron-binary.ts';

describe('findElectronBinary', () => {
  it('uses the packaged app CI names in NTFY_TRAY_SMOKE_EXECUTABLE, marked as packaged', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'smoke-'));
    const executable = path.join(dir, 'ntfy-tray');
    await writeFile(executable, '');
    expect(findElectronBinary(dir, { NTFY_TRAY_SMOKE_EXECUTABLE: executable })).toEqual({
      found: true,
      path: executable,
      packaged: true,
    });
  });

  it('fails loudly when NTFY_TRAY_SMOKE_EXECUTABLE names nothing, instead of skipping the smoke test', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'smoke-'));
    expect(() => findElectronBinary(dir, { NTFY_TRAY_SMOKE_EXECUTABLE: path.join(dir, 'missing') })).toThrow(
      /does not exist/,
    );
  });

  it('says why it skips when no Electron binary is installed', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'smoke-'));
    const result = findElectronBinary(dir, {});
    expect(result.found).toBe(false);
    expect(result.found ? '' : result.reason).toMatch(/Electron binary not installed/);
  });

  describe('npm’s Electron, installed', () => {
    async function installedElectron(): Promise<{ dir: string; executable: string }> {
      const dir = await mkdtemp(path.join(tmpdir(), 'smoke-'));
      await mkdir(path.join(dir, 'node_modules', 'electron', 'dist'), { recursive: true });
      await writeFile(path.join(dir, 'node_modules', 'electron', 'path.txt'), 'electron');
      const executable = path.join(dir, 'node_modules', 'electron', 'dist', 'electron');
      await writeFile(executable, '');
      return { dir, executable };
    }

    it('Linux without a display (a runner’s Test step): skips and says the smoke step runs it', async () => {
      const { dir } = await installedElectron();
      const result = findElectronBinary(dir, {}, 'linux');
      expect(result.found ? '' : result.reason).toMatch(/no display .* smoke step/);
    });

    it('Linux with an X or Wayland display: runs it', async () => {
      const { dir, executable } = await installedElectron();
      expect(findElectronBinary(dir, { DISPLAY: ':99' }, 'linux')).toEqual({ found: true, path: executable });
      expect(findElectronBinary(dir, { WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toEqual({
        found: true,
        path: executable,
      });
    });

    it('macOS and Windows need no display variable', async () => {
      const { dir, executable } = await installedElectron();
      expect(findElectronBinary(dir, {}, 'darwin')).toEqual({ found: true, path: executable });
      expect(findElectronBinary(dir, {}, 'win32')).toEqual({ found: true, path: executable });
    });
  });
});
