/**
 * Where a build looks for new versions: the GitHub repository its releases (and electron-updater's latest*.yml
 * feed files) are published in. There is no default. It is one value given at packaging time,
 * NTFY_TRAY_RELEASE_REPOSITORY=owner/repo, which scripts/dist.ts hands to electron-builder's `publish`;
 * electron-builder writes it into the installer's resources as app-update.yml, and the app reads it back from there
 * (feedFromAppUpdateConfig), for electron-updater and for the release links alike. A build without it has no
 * app-update.yml and checks nothing: no build ever asks a repository nobody named for it.
 */

/** The GitHub repository the releases are published in. */
export interface ReleaseRepository {
  readonly owner: string;
  readonly repo: string;
}

export const RELEASE_REPOSITORY_ENV = 'NTFY_TRAY_RELEASE_REPOSITORY';

// GitHub's rules: an owner is 1–39 letters, digits and single inner hyphens; a repository name letters, digits,
// '.', '_' and '-', not '.' or '..'.
const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
const REPO = /^[A-Za-z0-9._-]{1,100}$/;

export function isReleaseRepository(owner: unknown, repo: unknown): boolean {
  return (
    typeof owner === 'string' &&
    typeof repo === 'string' &&
    OWNER.test(owner) &&
    REPO.test(repo) &&
    repo !== '.' &&
    repo !== '..'
  );
}

/** `owner/repo` as NTFY_TRAY_RELEASE_REPOSITORY gives it; throws with the reason when it is not one. */
export function parseReleaseRepository(text: string): ReleaseRepository {
  const [owner, repo, ...rest] = text.trim().split('/');
  if (rest.length > 0 || !isReleaseRepository(owner, repo))
    throw new Error(`${RELEASE_REPOSITORY_ENV}: expected a GitHub repository as owner/repo, got '${text}'`);
  return { owner: owner ?? '', repo: repo ?? '' };
}
