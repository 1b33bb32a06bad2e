/**
 * `npm run pipeline -- <step>`: runs one step of the build job on this runner (scripts/pipeline/steps.ts), as
 * .github/workflows/build.yml does on GitHub and scripts/pipeline/rehearse.ts does here. `--print` shows the
 * command and its environment without running it.
 */
import { spawn } from 'node:child_process';
import { runnerFor, type Step, stepFor } from './steps.ts';

/** `base` with the step's variables added and its `unset` ones taken out. */
export function stepEnvironment(step: Step, base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const unset = new Set(step.unset ?? []);
  return Object.fromEntries(Object.entries({ ...base, ...step.env }).filter(([name]) => !unset.has(name)));
}

/** Runs `step` with its environment added; resolves to its exit code. npm and npx are .cmd files on Windows. */
function runStep(step: Step, options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<number> {
  const [program = '', ...args] = step.command;
  const env = stepEnvironment(step, options.env ?? process.env);
  const child = spawn(program, args, {
    cwd: options.cwd,
    env,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      resolve(code ?? (signal === null ? 1 : 128));
    });
  });
}

export function describeStep(step: Step): string {
  const unset = (step.unset ?? []).map((name) => `-u ${name} `);
  const env = Object.entries(step.env).map(([name, value]) => `${name}=${JSON.stringify(value)} `);
  return `${step.title}: ${unset.join('')}${env.join('')}${step.command.map((part) => JSON.stringify(part)).join(' ')}`;
}

if (import.meta.main) {
  const [id = '', ...flags] = process.argv.slice(2);
  const step = stepFor(runnerFor(process.platform, process.arch, process.env), id);
  if ('skip' in step) {
    console.log(`[pipeline] ${step.skip}`);
  } else {
    console.log(`[pipeline] ${describeStep(step)}`);
    if (!flags.includes('--print')) process.exitCode = await runStep(step);
  }
}
