/**
 * ntfy CLI's client.yml in the app: import (the window hands over the file's text) and export (written where the
 * user picks in a save dialog). One parser for the CLI and the app (core/client-config/client-config.ts), and the
 * same reading of entries as `ntfy-tray subscribe --from-config` (core/cli/client-config-plan.ts: topic URLs,
 * filters, whose credentials, which command).
 *
 * Import keeps everything the app can hold: each entry becomes a subscription with its `if` filters and its command
 * (or `default-command`), saved through the same checks as the editor's. An entry's own `user`/`password` or `token`
 * (or its explicit none: `token: ""`, or `user: ""` with `password: ""`) become that subscription's own
 * credentials (settings `auth`, the secret in the keychain under the subscription). The file's defaults
 * (`default-user`/`default-password`, `default-token`) become the credentials of the server of the entries that use
 * them (one set per server: the first such entry decides, a later one with other defaults — there are none in one
 * file — would count as a conflict); `default-host` becomes the default server. Bare topics of a file without
 * `default-host` go to the app's default server.
 *
 * Export writes for each subscription exactly the credentials it uses — its own, else its server's — and no secret
 * unless the user asked for them (`includeSecrets`), then with owner-only permissions. An explicit none is written
 * as `token: ""` always (it holds no secret and keeps ntfy's defaults away from that entry).
 */
import type {
  BridgeRequests,
  BridgeResult,
  ClientYmlExportDto,
  ClientYmlImportDto,
  CredentialsInput,
} from '../../../common/ipc.ts';
import { t } from '../../../common/i18n/translate.ts';
import { ALREADY_SUBSCRIBED_CODE } from '../../../common/subscription-rules.ts';
import { describeClientConfigProblem } from '../cli/client-config-file.ts';
import { configDefaultCredentials, ownEntryCredentials } from '../cli/client-config-plan.ts';
import { readFilters } from '../cli/filter-args.ts';
import { parseTopicUrl } from '../cli/topic-url.ts';
import { clientConfigYaml, type ExportedSubscription } from '../client-config/client-config-export.ts';
import { type ClientConfig, parseClientConfig } from '../client-config/client-config.ts';
import type { Logger } from '../ports.ts';
import type { Credentials, SubscribeFilters } from '../protocol/subscribe-request.ts';
import { normalizeServerUrl } from '../../../common/server-url.ts';
import { credentialsSourceOf, resolveCredentials } from '../store/secrets/credentials.ts';
import type { ServerSettings, SubscriptionSettings } from '../store/settings/schema.ts';
import { setSubscriptionCredentials } from './subscription-credentials.ts';
import { errorMessage } from '../../../common/error-message.ts';
import { MissingSecretError } from '../store/secrets/errors.ts';
import type { SecretStore } from '../store/secrets/secret-store.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';
import { fail, keychainError, ok } from './request-results.ts';

export type ClientConfigRequests = Pick<BridgeRequests, 'importClientYml' | 'exportClientYml'>;

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

/** The requests an import goes through, so that it is checked exactly as the editor's saves are. */
type ImportVia = Pick<BridgeRequests, 'saveSubscription' | 'setCredentials' | 'updateSettings'>;

export const CLIENT_YML_FILE_NAME = 'client.yml';

function credentialsInput(server: string, credentials: Credentials): CredentialsInput | undefined {
  if (credentials.kind === 'basic')
    return { server, kind: 'basic', user: credentials.user, password: credentials.password };
  if (credentials.kind === 'token') return { server, kind: 'token', token: credentials.token };
  return undefined;
}

function sameCredentials(a: Credentials, b: Credentials): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

interface PlannedEntry {
  readonly label: string;
  readonly server: string;
  readonly topics: readonly string[];
  readonly filters: SubscribeFilters;
  readonly command?: string;
  /** The entry's own credentials; absent: the defaults (its server's, in the app). */
  readonly own?: Credentials;
}

interface EntryPlan {
  readonly entries: PlannedEntry[];
  readonly failures: { label: string; message: string }[];
  /** Per server: the credentials of the first entry that names it with some. */
  readonly credentials: Map<string, Credentials>;
  readonly conflicts: Set<string>;
}

/** Reads every entry as `subscribe --from-config` does; what cannot be read is that entry's failure. */
function planEntries(config: ClientConfig, fileName: string, host: string): EntryPlan {
  const plan: EntryPlan = { entries: [], failures: [], credentials: new Map(), conflicts: new Set() };
  for (const [index, entry] of config.subscribe.entries()) {
    const label = t('cli.client-config.entry', { path: fileName, entry: index + 1 });
    const topicUrl = parseTopicUrl(entry.topic, host);
    if (!topicUrl.ok) {
      plan.failures.push({ label, message: topicUrl.error });
      continue;
    }
    const filters = readFilters(entry.if);
    if (!filters.ok) {
      plan.failures.push({ label, message: filters.error });
      continue;
    }
    const server = normalizeServerUrl(topicUrl.value.server);
    const own = ownEntryCredentials(entry);
    const defaults = own === undefined ? configDefaultCredentials(config) : undefined;
    if (defaults !== undefined) {
      const known = plan.credentials.get(server);
      if (known === undefined) plan.credentials.set(server, defaults);
      else if (!sameCredentials(known, defaults)) plan.conflicts.add(server);
    }
    const command = entry.command ?? config.defaultCommand;
    plan.entries.push({
      label,
      server,
      topics: topicUrl.value.topics,
      filters: filters.value,
      ...(command === undefined ? {} : { command }),
      ...(own === undefined ? {} : { own }),
    });
  }
  return plan;
}

/** Into the keychain first, so that the new subscriptions connect with them rather than meet a 401. */
async function saveCredentials(plan: EntryPlan, via: ImportVia): Promise<{ saved: number; failures: string[] }> {
  let saved = 0;
  const failures: string[] = [];
  for (const [server, credentials] of plan.credentials) {
    const input = credentialsInput(server, credentials);
    if (input === undefined) continue;
    const result = await via.setCredentials(input);
    if (result.ok) saved += 1;
    else failures.push(t('settings.import.yml.credentials-failed', { server, reason: result.error.message }));
  }
  return { saved, failures };
}

/** Gives a new subscription its entry's own credentials; answers a failure's sentence, or undefined. */
type OwnCredentials = (
  subscription: { readonly id: string; readonly server: string },
  credentials: Credentials,
) => Promise<string | undefined>;

async function importConfig(
  config: ClientConfig,
  fileName: string,
  via: ImportVia,
  appDefaultServer: string,
  ownCredentials: OwnCredentials,
): Promise<ClientYmlImportDto> {
  // A file without default-host: bare topics go to the app's default server (ntfy's CLI would use ntfy.sh).
  const plan = planEntries(config, fileName, config.defaultHostSet ? config.defaultHost : appDefaultServer);
  const credentials = await saveCredentials(plan, via);
  let imported = 0;
  let skipped = 0;
  let withCommand = 0;
  const failures = plan.failures;
  const seen = new Set<string>();
  for (const { label, server, topics, filters, command, own } of plan.entries) {
    for (const topic of topics) {
      const key = `${server} ${topic}`;
      if (seen.has(key)) {
        skipped += 1;
        continue;
      }
      seen.add(key);
      const saved = await via.saveSubscription({
        server,
        topic,
        filters,
        ...(command === undefined ? {} : { command }),
      });
      if (saved.ok) {
        imported += 1;
        if (command !== undefined) withCommand += 1;
        if (own !== undefined) {
          const failure = await ownCredentials({ id: saved.value.id, server }, own);
          if (failure !== undefined) credentials.failures.push(failure);
        }
      } else if (saved.error.code === ALREADY_SUBSCRIBED_CODE) skipped += 1;
      else failures.push({ label, message: saved.error.message });
    }
  }
  let defaultServer: string | undefined;
  if (config.defaultHostSet) {
    const updated = await via.updateSettings({ defaultServer: config.defaultHost });
    if (updated.ok) defaultServer = updated.value.defaultServer;
    else failures.push({ label: 'default-host', message: updated.error.message });
  }
  return {
    kind: 'imported',
    imported,
    skipped,
    failures,
    serversWithCredentials: credentials.saved,
    credentialConflicts: plan.conflicts.size,
    credentialFailures: credentials.failures,
    withCommand,
    ...(defaultServer === undefined ? {} : { defaultServer }),
  };
}

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
  const ownCredentials: OwnCredentials = async (subscription, credentials) => {
    try {
      if (await setSubscriptionCredentials({ settings, secrets }, subscription, credentials)) return undefined;
      return t('settings.import.yml.credentials-failed', { server: subscription.server, reason: '' });
    } catch (error) {
      return t('settings.import.yml.credentials-failed', { server: subscription.server, reason: errorMessage(error) });
    }
  };
  return {
    importClientYml: async (text, fileName) => {
      const parsed = parseClientConfig(text);
      if (!parsed.ok) {
        return ok({ kind: 'unreadable' as const, problem: describeClientConfigProblem(fileName, parsed.problem) });
      }
      const report = await importConfig(parsed.config, fileName, via, settings.get().defaultServer, ownCredentials);
      // Counts only: the file's secrets never reach a log.
      log.log('info', 'imported a client.yml', {
        imported: report.kind === 'imported' ? report.imported : 0,
        serversWithCredentials: report.kind === 'imported' ? report.serversWithCredentials : 0,
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
