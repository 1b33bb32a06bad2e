/**
 * `npm test`'s steps (inside scripts/test-session.ts), in stages whose steps run at once: the checks and the build
 * first (typecheck, lint, build), then everything that needs the build (the security scan, Vitest, Playwright), then
 * the one-line summary. A stage starts only when every step of the one before has passed, so a type error still ends
 * the run before any test starts. Steps of a stage are independent: each writes its own output (dist/ is the build's
 * alone; Vitest and Playwright write their own reports; every test has its own servers, ports and temp folders).
 *
 * Run at once because one step rarely keeps both cores busy (tsc and ESLint are one thread each; a test waits on a
 * page, a process or a socket much of its time): measured in docs/testing.md ("Half the time").
 *
 * Each line a step prints is passed on as it comes, behind the step's name (`[vitest] …`), so a long run shows its
 * progress and a failure can be read per step.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { createInterface } from 'node:readline';

interface Step {
  /** Put before each of its lines: `[name] `. */
  readonly name: string;
  readonly command: readonly [string, ...string[]];
}

/** The stages of `npm test`, in order; the steps of one stage run at once. */
export const TEST_STAGES: readonly (readonly Step[])[] = [
  [
    { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
    { name: 'lint', command: ['npm', 'run', 'lint'] },
    { name: 'build', command: ['npm', 'run', 'build'] },
  ],
  [
    { name: 'security', command: ['node', 'scripts/security.ts'] },
    { name: 'vitest', command: ['npm', 'run', 'test:unit'] },
    { name: 'playwright', command: ['playwright', 'test'] },
  ],
  [{ name: 'summary', command: ['node', 'scripts/test-summary.ts'] }],
];

/** How one step ended: its exit code (128 + the signal's number for a step ended by a signal, as a shell says). */
export interface StepOutcome {
  readonly name: string;
  readonly code: number;
}

type RunStep = (step: Step) => Promise<StepOutcome>;

/**
 * Runs the stages in order and the steps of each at once; stops after the first stage with a failed step. Returns
 * the failed steps (none: everything passed), in the order they were listed.
 */
export async function runStages(
  stages: readonly (readonly Step[])[],
  run: RunStep,
  say: (line: string) => void,
): Promise<readonly StepOutcome[]> {
  for (const [index, stage] of stages.entries()) {
    say(`stage ${String(index + 1)} of ${String(stages.length)}: ${stage.map((step) => step.name).join(', ')}`);
    const outcomes = await Promise.all(stage.map(run));
    const failed = outcomes.filter((outcome) => outcome.code !== 0);
    if (failed.length > 0) {
      const later = stages.slice(index + 1).flatMap((next) => next.map((step) => step.name));
      say(
        `failed: ${failed.map((outcome) => `${outcome.name} (exit ${String(outcome.code)})`).join(', ')}` +
          (later.length === 0 ? '' : `; not run: ${later.join(', ')}`),
      );
      return failed;
    }
  }
  return [];
}

function withoutForceColor(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { FORCE_COLOR: _dropped, ...rest } = env;
  return rest;
}

/** The steps running now, to pass a SIGTERM or SIGINT on to. */
const running = new Set<ReturnType<typeof spawn>>();

/**
 * A step as a child process whose lines are printed behind its name; through cmd.exe on Windows, which finds npm.cmd
 * and node_modules/.bin's playwright.cmd (npm puts that folder on PATH for its scripts).
 */
export function spawnStep(
  step: Step,
  write: (to: 'stdout' | 'stderr', line: string) => void = (to, line) => {
    process[to].write(line);
  },
): Promise<StepOutcome> {
  const [program, ...args] = step.command;
  const child = spawn(program, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: process.platform === 'win32',
    // Colours would reach a log as escape codes once the lines are no longer the terminal's. NO_COLOR, not
    // FORCE_COLOR=0: Vitest's colours take any FORCE_COLOR as "on".
    env: { ...withoutForceColor(process.env), NO_COLOR: '1' },
  });
  running.add(child);
  const prefix = `[${step.name}] `;
  for (const [stream, to] of [
    [child.stdout, 'stdout'],
    [child.stderr, 'stderr'],
  ] as const) {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
      write(to, `${prefix}${line}\n`);
    });
  }
  return new Promise((resolve) => {
    child.on('error', (error) => {
      write('stderr', `${prefix}could not start ${program}: ${error.message}\n`);
      resolve({ name: step.name, code: 127 });
    });
    // 'close', not 'exit': every line the step printed has been passed on by then.
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve({ name: step.name, code: code ?? 128 + (signal === null ? 0 : constants.signals[signal]) });
    });
  });
}

if (import.meta.main) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      for (const child of running) child.kill(signal);
    });
  }
  runStages(
    TEST_STAGES,
    (step) => spawnStep(step),
    (line) => {
      console.log(`== ${line}`);
    },
  ).then(
    (failed) => {
      process.exitCode = failed.length === 0 ? 0 : 1;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
