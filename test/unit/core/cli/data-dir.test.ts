import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataDirArgProblem, defaultDataDir } from '../../../../main/core/cli/data-dir.ts';

describe('default data dir', () => {
  it('follows XDG_DATA_HOME on Linux when it is an absolute path', () => {
    expect(defaultDataDir({ XDG_DATA_HOME: '/data' }, 'linux')).toBe(join('/data', 'ntfy-tray'));
  });

  it.each(['', 'relative/dir'])('ignores XDG_DATA_HOME=%j, as the XDG spec asks', (value) => {
    expect(defaultDataDir({ XDG_DATA_HOME: value }, 'linux')).toBe(join(homedir(), '.local', 'share', 'ntfy-tray'));
  });

  it('ignores an empty APPDATA on Windows', () => {
    expect(defaultDataDir({ APPDATA: '' }, 'win32')).toBe(join(homedir(), 'AppData', 'Roaming', 'ntfy-tray'));
  });
});

describe('--data-dir', () => {
  it('refuses an empty value (it would mean the working directory)', () => {
    expect(dataDirArgProblem('')).toMatch(/--data-dir is empty/);
    expect(dataDirArgProblem(undefined)).toBeUndefined();
    expect(dataDirArgProblem('/srv/ntfy')).toBeUndefined();
  });
});
