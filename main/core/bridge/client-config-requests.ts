/**
 * ntfy CLI's client.yml in the app: plan and import (the window hands over the file's text;
 * client-config-import.ts: nothing stored before the user read the plan, a command only where they accepted it) and
 * export (written where the user picks in a save dialog). One parser for the CLI and the app
 * (core/client-config/client-config.ts).
 *
 * Export writes for each subscription exactly the credentials it uses — its own, else its server's — and no secret
 * unless the user asked for them (`includeSecrets`), then with owner-only permissions. An explicit none is written
 * as `token: ""` always (it holds no secret and keeps ntfy's defaults away from that entry).
 */
import type { BridgeRequests, BridgeResult, ClientYmlExportDto, ClientYmlRefusalDto } from '../../../common/ipc.ts';
import { t } from '../../../common/i18n/translate.ts';
import { describeClientConfigProblem } from '../client-config/client-config-file.ts';
import { clientConfigYaml, type ExportedSubscription } from '../client-config/client-config-export.ts';
import { type ClientConfigProblem, parseClientConfig } from '../client-config/client-config.ts';
import type { Logger } from '../ports.ts';
import type { Credentials } from '../protocol/subscribe-request.ts';
import { credentialsSourceOf, resolveCredentials } from '../store/secrets/credentials.ts';
import { MissingSecretError } from '../store/secrets/errors.ts';
import type { SecretStore } from '../store/secrets/secret-store.ts';
import type { ServerSettings, SubscriptionSettings } from '../store/settings/schema.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';
import { clientYmlPlan, type ImportVia, importClientConfig, type OwnCredentials } from './client-config-import.ts';
import { fail, keychainError, ok } from './request-results.ts';
import { setSubscriptionsCredentials } from './subscription-credentials.ts';

type ClientConfigRequests = Pick<BridgeRequests, 'planClientYml' | 'importClientYml' | 'exportClientYml'>;

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

const CLIENT_YML_FILE_NAME = 'client.yml';

/**
 * What an exported entry says about credentials: what the subscription uses (its own, else its server's), the secret
 * only with `secrets` (the user ticked "with passwords and tokens"); an explicit none always.
 */
async function exportedCredentials(
  subscription: SubscriptionSettings,
  servers: readonly ServerSettings[],
  secrets: SecretStore | undefined,
): Promise<Credentials | undefined> {
  const source = credentialsSourceOf(subscription, servers);
  if (source.server.auth.kind === 'none') return subscription.auth === undefined ? undefined : { kind: 'none' };
  if (secrets === undefined) return undefined;
  return resolveCredentials(source.server, secrets, source.subscription).catch((error: unknown) => {
    // A secret the keychain lost: that entry goes without; the keychain itself answered.
    if (error instanceof MissingSecretError) return undefined;
    throw error;
  });
}

export function createClientConfigRequests(options: ClientConfigRequestsOptions, via: ImportVia): ClientConfigRequests {
  const { settings, secrets, log } = options;
  const ownCredentials: OwnCredentials = async (items) =>
    (await setSubscriptionsCredentials({ settings, secrets }, items)).map(({ item, reason }) =>
      t('settings.import.yml.credentials-failed', { server: item.server, reason }),
    );
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
        ownCredentials,
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
      let subscriptions: ExportedSubscription[];
      try {
        subscriptions = await Promise.all(
          current.subscriptions.map(async (item) => {
            const credentials = await exportedCredentials(item, current.servers, includeSecrets ? secrets : undefined);
            return credentials === undefined ? item : { ...item, credentials };
          }),
        );
      } catch (error) {
        return keychainError(error);
      }
      const withSecrets = subscriptions.some(
        (item) => item.credentials !== undefined && item.credentials.kind !== 'none',
      );
      const contents = clientConfigYaml({ defaultHost: current.defaultServer, subscriptions });
      const saved = await options.saveFile({ suggestedName: CLIENT_YML_FILE_NAME, contents, private: withSecrets });
      if (saved.kind === 'canceled') return ok({ kind: 'canceled' as const });
      return ok({
        kind: 'saved' as const,
        path: saved.path,
        subscriptions: current.subscriptions.length,
        withSecrets,
      });
    },
  };
}
