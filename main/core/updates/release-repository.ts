import type { ReleaseRepository } from './update-policy.ts';

/**
 * Where releases are published: electron-builder.yml's `publish` names the same repository (a packaging test keeps
 * the two equal), and electron-updater reads its feed from there through the app-update.yml that electron-builder
 * writes into each installer's resources.
 */
export const RELEASE_REPOSITORY: ReleaseRepository = { owner: 'ntfy-tray', repo: 'ntfy-tray' };
