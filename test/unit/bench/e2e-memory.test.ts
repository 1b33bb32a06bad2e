import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { isSteady, parseVmRssMb, readRssMb, sampleUntilSteady } from '../../../bench/e2e-memory.ts';

const STATUS = [
  'Name:\tnode',
  'VmPeak:\t  999999 kB',
  'VmHWM:\t  200000 kB',
  'VmRSS:\t  123456 kB',
  'Threads:\t11',
  '',
];

describe('parseVmRssMb', () => {
  it('reads the VmRSS line (kB are KiB) as MB of 2^20 bytes, not the peak or high-water lines', () => {
    expect(parseVmRssMb(STATUS.join('\n'))).toBe(123456 / 1024);
  });

  it('is undefined when there is no VmRSS line (a kernel thread has none)', () => {
    expect(parseVmRssMb('Name:\tkthreadd\nState:\tS (sleeping)\n')).toBeUndefined();
  });
});

describe.skipIf(process.platform !== 'linux')('readRssMb', () => {
  it('reads a live process and gives undefined for one that has exited', async () => {
    expect(await readRssMb(process.pid)).toBeGreaterThan(1);
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    expect(await readRssMb(gone)).toBeUndefined();
  });
});

describe('isSteady', () => {
  it('needs `window` samples spanning less than the tolerance', () => {
    expect(isSteady([100, 150, 150.5], 2, 1)).toBe(true);
    expect(isSteady([100, 150, 150.5], 3, 1)).toBe(false);
    expect(isSteady([150, 150.9, 150.2], 3, 1)).toBe(true);
    expect(isSteady([150], 2, 1)).toBe(false);
  });
});

describe('sampleUntilSteady', () => {
  function scripted(values: readonly (number | undefined)[]): {
    read: () => Promise<number | undefined>;
    waits: () => number;
    wait: () => Promise<void>;
  } {
    let next = 0;
    let waited = 0;
    return {
      read: () => Promise.resolve(values[next++]),
      wait: () => {
        waited++;
        return Promise.resolve();
      },
      waits: () => waited,
    };
  }

  it('stops at the first window within the tolerance, waiting between samples only', async () => {
    const source = scripted([112, 180, 210, 215, 215.4, 215.6, 300]);
    const result = await sampleUntilSteady({ ...source, toleranceMb: 1, window: 3, maxSamples: 10 });
    expect(result).toEqual({ samples: [112, 180, 210, 215, 215.4, 215.6], steady: true });
    expect(source.waits()).toBe(5);
  });

  it('gives up after maxSamples of a process that keeps growing', async () => {
    const source = scripted([100, 110, 120, 130, 140]);
    const result = await sampleUntilSteady({ ...source, toleranceMb: 1, window: 2, maxSamples: 4 });
    expect(result).toEqual({ samples: [100, 110, 120, 130], steady: false });
  });

  it('ends with what it has when the process is gone', async () => {
    const source = scripted([100, undefined]);
    const result = await sampleUntilSteady({ ...source, toleranceMb: 1, window: 2, maxSamples: 4 });
    expect(result).toEqual({ samples: [100], steady: false });
  });
});
