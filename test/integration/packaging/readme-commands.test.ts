import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The README gives a newcomer two commands (install and run the app, install and run the tests) and one apt-get line
 * for Debian/Ubuntu; CI (.ci/run) promises to run exactly the README's test command after installing its system
 * packages. This keeps the three from drifting apart.
 */
const projectRoot = path.resolve(import.meta.dirname, '../../..');

let readme: string;
let ciRun: string;
/** What .ci/run installs: scripts/pipeline/system-packages.sh's Debian list. */
let ciPackages: Set<string>;

beforeAll(async () => {
  readme = await readFile(path.join(projectRoot, 'README.md'), 'utf8');
  ciRun = await readFile(path.join(projectRoot, '.ci', 'run'), 'utf8');
  const list = await promisify(execFile)('sh', ['scripts/pipeline/system-packages.sh', 'debian', '--print'], {
    cwd: projectRoot,
  });
  ciPackages = new Set(list.stdout.trim().split(/\s+/));
});

/** The commands of the README's Quick start, one per sh block. */
function quickStartCommands(): string[] {
  const start = readme.indexOf('## Quick start');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  return [...section.matchAll(/```sh\n([^`]*)```/g)].map((match) => (match[1] ?? '').trim());
}

/** Package names after `apt-get install`, flags and line continuations left out. */
function aptPackages(text: string): Set<string> {
  const line = /apt-get install((?:\\\n|[^\n])*)/.exec(text)?.[1] ?? '';
  return new Set(
    line
      .replace(/\\\n/g, ' ')
      .split(/\s+/)
      .filter((word) => word !== '' && !word.startsWith('-') && /^[a-z0-9][a-z0-9.+-]*$/.test(word)),
  );
}

describe('README and CI', () => {
  it('the Quick start has exactly two commands: one for the app, one for the tests', () => {
    expect(quickStartCommands()).toEqual(['npm install && npm start', 'npm install && npm test']);
  });

  it('CI runs the README test command after npm ci', () => {
    const commands = ciRun.split('\n').map((line) => line.trim());
    expect(commands).toContain('npm test');
    expect(commands.indexOf('npm test')).toBeGreaterThan(commands.findIndex((line) => line.startsWith('npm ci')));
  });

  it("the README's apt-get line installs every package CI installs", () => {
    expect(ciRun).toContain('sh scripts/pipeline/system-packages.sh debian\n');
    const ci = ciPackages;
    expect(ci.size).toBeGreaterThan(5);
    expect([...ci].filter((name) => !aptPackages(readme).has(name))).toEqual([]);
  });
});
