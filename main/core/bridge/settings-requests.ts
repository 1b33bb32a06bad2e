/**
 * The window's settings requests: read and patch the preferences, with the pause alongside. The pause is not a
 * setting (it ends with the app); core/app/pause.ts keeps it and turns the request into an end time.
 */
import type { BridgeRequests, UpdateChecksDto } from '../../../common/ipc.ts';
import type { Pause } from '../app/pause.ts';
import { applySettingsPatch } from '../store/settings/edits.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';
import { toSettingsDto } from './dto.ts';
import { ok, validationFailed } from './request-results.ts';

type SettingsRequests = Pick<BridgeRequests, 'getSettings' | 'updateSettings'>;

export interface SettingsRequestsOptions {
  readonly settings: SettingsStore;
  readonly pause: Pause;
  /** Who decides about update checks (core/updates/update-policy.ts), shown with the settings; default: no feed. */
  readonly updateChecks?: UpdateChecksDto;
}

export function createSettingsRequests(options: SettingsRequestsOptions): SettingsRequests {
  const { settings, pause } = options;
  const updateChecks = options.updateChecks ?? 'not-in-this-build';
  return {
    getSettings: () => Promise.resolve(ok(toSettingsDto(settings.get(), pause.get(), updateChecks))),

    updateSettings: async (patch) => {
      const { pause: pauseRequest, ...rest } = patch;
      if (pauseRequest !== undefined) pause.set(pauseRequest);
      const result = await settings.update((latest) => applySettingsPatch(latest, rest));
      if (!result.ok) return validationFailed(result.issues);
      return ok(toSettingsDto(result.settings, pause.get(), updateChecks));
    },
  };
}
