import { mkdtemp, writeFile } from 'node:fs/promises';
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
});
