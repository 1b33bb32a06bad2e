/**
 * ntfy CLI's client.yml in the app: plan and import (the window hands over the file's text;
 * client-config-import.ts: nothing stored before the user read the plan, a command only where they accepted it) and
 * export (written where the user picks in a save dialog). One parser for the CLI and the app
 * (core/client-config/client-config.ts).
 *
 * Export writes no secret unless the user asked for them (`includeSecrets`), and then with owner-only permissions.
 */
import type { BridgeRequests, BridgeResult, ClientYmlExportDto, ClientYmlRefusalDto } from '../../../common/ipc.ts';
import { t } from '../../../common/i18n/translate.ts';
import { describeClientConfigProblem } from '../cli/client-config-file.ts';
import { clientConfigYaml } from '../client-config/client-config-export.ts';
import { type ClientConfigProblem, parseClientConfig } from '../client-config/client-config.ts';
import type { Logger } from '../ports.ts';
import type { Credentials } from '../protocol/subscribe-request.ts';
import { resolveCredentials } from '../store/secrets/credentials.ts';
import { MissingSecretError } from '../store/secrets/errors.ts';
import type { SecretStore } from '../store/secrets/secret-store.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';
import { clientYmlPlan, type ImportVia, importClientConfig } from './client-config-import.ts';
import { fail, keychainError, ok } from './request-results.ts';

export type ClientConfigRequests = Pick<BridgeRequests, 'planClientYml' | 'importClientYml' | 'exportClientYml'>;

function unreadable(fileName: string, problem: ClientConfigProblem): ClientYmlRefusalDto {
  return { kind: 'unreadable', problem: describeClientConfigProblem(fileName, problem) };
}

/** Asks the user where to save a file and writes it there; `canceled` when they chose nowhere. */
export type SaveFile = (file: {
  readonly suggestedName: string;
  readonly contents: string;
  /** Holds secrets: readable by its owner only. */
  readonly private: boolean;
}) => Promise<{ readonly kind: 'saved'; readonly path: string } | { readonly kind: 'canceled' }>;

export interface ClientConfigRequestsOptions {
  readonly settings: SettingsStore;
  readonly secrets: SecretStore;
  readonly log: Logger;
  /** The save dialog of the shell (Electron's, or the dev bridge's stand-in); absent: export is not offered. */
  readonly saveFile?: SaveFile;
}

export const CLIENT_YML_FILE_NAME = 'client.yml';

export function createClientConfigRequests(options: ClientConfigRequestsOptions, via: ImportVia): ClientConfigRequests {
  const { settings, secrets, log } = options;
  return {
    planClientYml: (text, fileName) => {
      const parsed = parseClientConfig(text);
      if (!parsed.ok) return Promise.resolve(ok(unreadable(fileName, parsed.problem)));
      return Promise.resolve(ok(clientYmlPlan(parsed.config, fileName, settings.get().defaultServer)));
    },

    importClientYml: async (text, fileName, accepted) => {
      const parsed = parseClientConfig(text);
      if (!parsed.ok) return ok(unreadable(fileName, parsed.problem));
      const report = await importClientConfig(parsed.config, {
        fileName,
        appDefaultServer: settings.get().defaultServer,
        accepted,
        via,
      });
      // Counts only: the file's secrets and commands never reach a log.
      log.log('info', 'imported a client.yml', {
        imported: report.kind === 'imported' ? report.imported : 0,
        serversWithCredentials: report.kind === 'imported' ? report.serversWithCredentials : 0,
        withCommand: report.kind === 'imported' ? report.withCommand : 0,
      });
      return ok(report);
    },

    exportClientYml: async ({ includeSecrets }): Promise<BridgeResult<ClientYmlExportDto>> => {
      if (options.saveFile === undefined) {
        return fail({ code: 'internal', message: t('settings.files.yml-export-unavailable') });
      }
      const current = settings.get();
      const credentials = new Map<string, Credentials>();
      if (includeSecrets) {
        try {
          for (const server of current.servers) {
            const found = await resolveCredentials(server, secrets).catch((error: unknown) => {
              // A secret the keychain lost: that server's entries go without; the keychain itself answered.
              if (error instanceof MissingSecretError) return undefined;
              throw error;
            });
            if (found !== undefined && found.kind !== 'none') credentials.set(server.url, found);
          }
        } catch (error) {
          return keychainError(error);
        }
      }
      const contents = clientConfigYaml({
        defaultHost: current.defaultServer,
        subscriptions: current.subscriptions,
        credentials,
      });
      const saved = await options.saveFile({
        suggestedName: CLIENT_YML_FILE_NAME,
        contents,
        private: credentials.size > 0,
      });
      if (saved.kind === 'canceled') return ok({ kind: 'canceled' as const });
      return ok({
        kind: 'saved' as const,
        path: saved.path,
        subscriptions: current.subscriptions.length,
        withSecrets: credentials.size > 0,
      });
    },
  };
}
