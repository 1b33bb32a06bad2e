import { describe, expect, it } from 'vitest';
import { runStages, spawnStep, TEST_STAGES, type StepOutcome } from '../../../scripts/test-all.ts';

type Stages = Parameters<typeof runStages>[0];

const stages: Stages = [
  [
    { name: 'a', command: ['a'] },
    { name: 'b', command: ['b'] },
  ],
  [{ name: 'c', command: ['c'] }],
];

/** A step runner whose steps end only when the test says so, with the code it gives. */
function heldSteps() {
  const started: string[] = [];
  const enders = new Map<string, (code: number) => void>();
  const run = (step: { name: string }) =>
    new Promise<StepOutcome>((resolve) => {
      started.push(step.name);
      enders.set(step.name, (code) => {
        resolve({ name: step.name, code });
      });
    });
  const end = async (name: string, code: number) => {
    await expect.poll(() => enders.has(name)).toBe(true);
    enders.get(name)?.(code);
  };
  return { started, run, end };
}

describe("npm test's stages (scripts/test-all.ts)", () => {
  it('starts every step of a stage before any of them ends, and the next stage only once all have passed', async () => {
    const steps = heldSteps();
    const lines: string[] = [];
    const done = runStages(stages, steps.run, (line) => lines.push(line));
    await expect.poll(() => steps.started).toEqual(['a', 'b']);
    await steps.end('b', 0);
    // One step of the first stage still runs: the second stage waits.
    expect(steps.started).toEqual(['a', 'b']);
    await steps.end('a', 0);
    await expect.poll(() => steps.started).toEqual(['a', 'b', 'c']);
    await steps.end('c', 0);
    expect(await done).toEqual([]);
    expect(lines).toEqual(['stage 1 of 2: a, b', 'stage 2 of 2: c']);
  });

  it('a failed step ends the run after its stage, naming it and what was not run', async () => {
    const steps = heldSteps();
    const lines: string[] = [];
    const done = runStages(stages, steps.run, (line) => lines.push(line));
    await steps.end('a', 2);
    await steps.end('b', 0);
    expect(await done).toEqual([{ name: 'a', code: 2 }]);
    expect(steps.started).toEqual(['a', 'b']);
    expect(lines.at(-1)).toBe('failed: a (exit 2); not run: c');
  });

  it('the checks and the build come before anything that needs dist/, and the summary after every test', () => {
    const stageOf = (name: string) => TEST_STAGES.findIndex((stage) => stage.some((step) => step.name === name));
    // A type error or a lint finding ends the run before any test starts.
    expect(stageOf('typecheck')).toBe(0);
    expect(stageOf('lint')).toBe(0);
    for (const needsBuild of ['security', 'vitest', 'playwright']) {
      expect(stageOf(needsBuild), needsBuild).toBeGreaterThan(stageOf('build'));
    }
    expect(stageOf('summary')).toBe(TEST_STAGES.length - 1);
    expect(stageOf('summary')).toBeGreaterThan(Math.max(stageOf('vitest'), stageOf('playwright')));
  });

  it('a step runs as a process: each line behind its name on its own stream, every line before its exit code', async () => {
    const lines: string[] = [];
    const outcome = await spawnStep(
      {
        name: 'probe',
        command: [
          process.execPath,
          '-e',
          'process.stdout.write("one\\ntwo"); process.stderr.write("warn\\n"); process.exitCode = 3;',
        ],
      },
      (to, line) => lines.push(`${to} ${line}`),
    );
    expect(outcome).toEqual({ name: 'probe', code: 3 });
    expect(lines.toSorted()).toEqual(['stderr [probe] warn\n', 'stdout [probe] one\n', 'stdout [probe] two\n']);
  });

  it('a program that does not exist fails its step with 127, said on stderr', async () => {
    const lines: string[] = [];
    const outcome = await spawnStep({ name: 'nothing', command: ['/nonexistent/ntfy-tray-step'] }, (to, line) =>
      lines.push(`${to} ${line}`),
    );
    expect(outcome.code).toBe(127);
    expect(lines.join('')).toMatch(/^stderr \[nothing\] could not start \/nonexistent\/ntfy-tray-step: /);
  });

  it('a step prints without colours: NO_COLOR set, any FORCE_COLOR (which Vitest reads as "on") taken away', async () => {
    const lines: string[] = [];
    const before = process.env['FORCE_COLOR'];
    process.env['FORCE_COLOR'] = '0';
    try {
      await spawnStep(
        {
          name: 'colours',
          command: [process.execPath, '-e', 'console.log(process.env.NO_COLOR, "FORCE_COLOR" in process.env)'],
        },
        (_to, line) => lines.push(line),
      );
    } finally {
      if (before === undefined) delete process.env['FORCE_COLOR'];
      else process.env['FORCE_COLOR'] = before;
    }
    expect(lines).toEqual(['[colours] 1 false\n']);
  });
});
