/**
 * `npm run dist [electron-builder arguments]` (after `npm run build`): electron-builder on electron-builder.yml, with
 * the build's release feed. That is one value, NTFY_TRAY_RELEASE_REPOSITORY=owner/repo (see
 * main/core/updates/release-repository.ts): given, it becomes electron-builder's `publish` (the GitHub provider),
 * which electron-builder writes into each installer as app-update.yml, where the app reads it. Not given, the
 * installers have no app-update.yml and check for no updates (electron-builder.yml's `publish: null`), which is
 * right for tests and rehearsals; a release build (a tag on GitHub Actions, GITHUB_REF_TYPE=tag, or
 * NTFY_TRAY_RELEASE=1) stops here instead, before it makes installers that could never be told of a fix.
 * `node scripts/dist.ts --check` only checks that (package.json's `dist` runs it before the build, to fail early).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseReleaseRepository, RELEASE_REPOSITORY_ENV } from '../main/core/updates/release-repository.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');

/** A build whose installers are meant for users: one for a pushed tag, or one a maintainer marks so. */
function isReleaseBuild(env: NodeJS.ProcessEnv): boolean {
  return env['GITHUB_REF_TYPE'] === 'tag' || env['NTFY_TRAY_RELEASE'] === '1';
}

/** electron-builder's `-c.publish.*` arguments for the feed in `env`; throws for a release build without one. */
export function publishArguments(env: NodeJS.ProcessEnv): string[] {
  const value = env[RELEASE_REPOSITORY_ENV]?.trim() ?? '';
  if (value === '') {
    if (isReleaseBuild(env))
      throw new Error(
        `${RELEASE_REPOSITORY_ENV} is not set: a release build needs the GitHub repository its updates come from ` +
          '(owner/repo, docs/packaging.md, Updates). Without it the installers would never check for updates.',
      );
    return [];
  }
  const { owner, repo } = parseReleaseRepository(value);
  return ['-c.publish.provider=github', `-c.publish.owner=${owner}`, `-c.publish.repo=${repo}`];
}

/** The whole electron-builder command line (for Node): `--publish never` (a person publishes), the feed, the rest. */
export function electronBuilderArguments(env: NodeJS.ProcessEnv, rest: readonly string[]): string[] {
  const cli = path.join(projectRoot, 'node_modules', 'electron-builder', 'cli.js');
  return [cli, '--publish', 'never', ...publishArguments(env), ...rest];
}

if (import.meta.main) {
  const checkOnly = process.argv[2] === '--check';
  let args: string[];
  try {
    args = electronBuilderArguments(process.env, process.argv.slice(2));
  } catch (error) {
    console.error(`npm run dist: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  if (checkOnly) process.exit(0);
  const feed = process.env[RELEASE_REPOSITORY_ENV]?.trim();
  console.log(
    feed ? `release feed: github.com/${feed}` : `no ${RELEASE_REPOSITORY_ENV}: these installers check for no updates`,
  );
  const child = spawn(process.execPath, args, { stdio: 'inherit', cwd: projectRoot });
  child.on('exit', (code, signal) => {
    process.exitCode = code ?? (signal === null ? 1 : 128 + 15);
  });
}
