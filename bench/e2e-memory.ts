/**
 * A process's resident memory as Linux reports it (`VmRSS` in /proc/<pid>/status), and sampling it until it holds
 * still. MB here is 2^20 bytes: the kernel's "kB" is KiB, so MB = kB / 1024.
 */
import { readFile } from 'node:fs/promises';

/** `VmRSS:   123456 kB` → 120.5625 (MB); undefined when the text has no such line (a kernel thread, another OS). */
export function parseVmRssMb(status: string): number | undefined {
  const match = /^VmRSS:\s*(\d+)\s*kB\s*$/m.exec(status);
  return match?.[1] === undefined ? undefined : Number(match[1]) / 1024;
}

/** Why RSS cannot be read on this system, or undefined when it can. */
export function rssUnavailableReason(): string | undefined {
  if (process.platform !== 'linux') return `RSS is read from /proc/<pid>/status, which ${process.platform} lacks`;
  return undefined;
}

/** The process's RSS in MB; undefined once it has exited (its /proc entry is gone). */
export async function readRssMb(pid: number): Promise<number | undefined> {
  let status: string;
  try {
    status = await readFile(`/proc/${pid}/status`, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ESRCH'))
      return undefined;
    throw error;
  }
  return parseVmRssMb(status);
}

export interface SteadyOptions {
  /** One sample in MB; undefined ends the sampling (the process is gone). */
  readonly read: () => Promise<number | undefined>;
  /** Waits between two samples (the benchmark passes a real timer). */
  readonly wait: () => Promise<void>;
  /** Steady: the last `window` samples all lie within this many MB of each other. */
  readonly toleranceMb: number;
  /** 2: two consecutive samples; more guards against a process that only paused between two of them. */
  readonly window: number;
  /** The bound on a process that never settles. */
  readonly maxSamples: number;
}

export interface SteadyResult {
  readonly samples: readonly number[];
  /** True when the last `window` samples were within the tolerance; false when the bound or the process ended it. */
  readonly steady: boolean;
}

/** True when the last `window` samples span less than `toleranceMb`. */
export function isSteady(samples: readonly number[], window: number, toleranceMb: number): boolean {
  if (window < 2 || samples.length < window) return false;
  const last = samples.slice(-window);
  return Math.max(...last) - Math.min(...last) < toleranceMb;
}

/** Samples until the last `window` samples lie within `toleranceMb`, at most `maxSamples` of them. */
export async function sampleUntilSteady(options: SteadyOptions): Promise<SteadyResult> {
  const samples: number[] = [];
  while (samples.length < options.maxSamples) {
    if (samples.length > 0) await options.wait();
    const sample = await options.read();
    if (sample === undefined) return { samples, steady: false };
    samples.push(sample);
    if (isSteady(samples, options.window, options.toleranceMb)) return { samples, steady: true };
  }
  return { samples, steady: false };
}
