/**
 * An ntfy CLI client.yml into the app, in two steps: the plan (what would be stored: each entry's subscriptions and
 * the exact command it would run; nothing is stored) and the import, which stores an entry's command only when the
 * user accepted that very text after reading it in the plan. A client.yml may come from anyone (a colleague, a
 * download), and a stored command runs with the user's rights at the next message; `subscribe --from-config` reads
 * the user's own file and runs its commands as ntfy's CLI does.
 *
 * Entries are read as `subscribe --from-config` reads them (core/client-config/client-config-plan.ts: topic URLs, filters,
 * whose credentials, which command); each becomes a subscription with its `if` filters. An entry's own
 * `user`/`password` or `token` (or its explicit none: `token: ""`, or `user: ""` with `password: ""`) become that
 * subscription's own credentials (settings `auth`, the secret in the keychain under the subscription). The file's
 * defaults (`default-user`/`default-password`, `default-token`) become the credentials of the server of the entries
 * that use them (one set per server: the first such entry decides, a later one with other defaults would count as a
 * conflict); `default-host` becomes the default server. Bare topics of a file without `default-host` go to the app's
 * default server.
 *
 * Any size: a file names at most CLIENT_YML_MAX_SUBSCRIPTIONS subscriptions (more is refused whole, saying the
 * limit), and the work grows with the file: one pass over the entries, one keychain write per server with
 * credentials, one settings write for all credentials and one for all subscriptions, then one keychain write per
 * subscription with credentials of its own and one settings write for all of those.
 */
import type { BridgeRequests } from '../../../common/ipc.ts';
import {
  CLIENT_YML_MAX_SUBSCRIPTIONS,
  type ClientYmlAcceptedDto,
  type ClientYmlImportDto,
  type ClientYmlPlanDto,
  type ClientYmlPlannedEntryDto,
  type ClientYmlRefusalDto,
  type CredentialsInput,
} from '../../../common/ipc-dto.ts';
import { t } from '../../../common/i18n/translate.ts';
import { normalizeServerUrl } from '../../../common/server-url.ts';
import { ALREADY_SUBSCRIBED_CODE } from '../../../common/subscription-rules.ts';
import { configDefaultCredentials, ownEntryCredentials } from '../client-config/client-config-plan.ts';
import { readFilters } from '../client-config/filter-input.ts';
import { parseTopicUrl } from '../client-config/topic-url.ts';
import type { ClientConfig } from '../client-config/client-config.ts';
import type { Credentials, SubscribeFilters } from '../protocol/subscribe-request.ts';
import type { StoreCredentials } from './credential-requests.ts';
import type { OwnCredentialsItem } from './subscription-credentials.ts';
import type { SaveSubscriptions } from './subscription-batch.ts';

/** Gives new subscriptions their entries' own credentials, all in one go; answers a sentence per failure. */
export type OwnCredentials = (items: readonly OwnCredentialsItem[]) => Promise<string[]>;

/** What an import stores through: the checks of the editor's saves and the settings' request, each in one go. */
export interface ImportVia {
  readonly saveSubscriptions: SaveSubscriptions;
  readonly storeCredentials: StoreCredentials;
  readonly updateSettings: BridgeRequests['updateSettings'];
}

interface PlannedEntry extends ClientYmlPlannedEntryDto {
  readonly filters: SubscribeFilters;
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

function credentialsInput(server: string, credentials: Credentials): CredentialsInput | undefined {
  if (credentials.kind === 'basic')
    return { server, kind: 'basic', user: credentials.user, password: credentials.password };
  if (credentials.kind === 'token') return { server, kind: 'token', token: credentials.token };
  return undefined;
}

function sameCredentials(a: Credentials, b: Credentials): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
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
      entry: index + 1,
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

/** The file's plan, or why it is refused whole: more entries or subscriptions than one import takes. */
function planFile(config: ClientConfig, fileName: string, appDefaultServer: string): EntryPlan | ClientYmlRefusalDto {
  const limit = CLIENT_YML_MAX_SUBSCRIPTIONS;
  // Counted before anything else is read: a file of a hundred thousand entries costs no more than this.
  if (config.subscribe.length > limit) return { kind: 'too-many', subscriptions: config.subscribe.length, limit };
  // A file without default-host: bare topics go to the app's default server (ntfy's CLI would use ntfy.sh).
  const plan = planEntries(config, fileName, config.defaultHostSet ? config.defaultHost : appDefaultServer);
  const subscriptions = plan.entries.reduce((sum, entry) => sum + entry.topics.length, 0);
  return subscriptions > limit ? { kind: 'too-many', subscriptions, limit } : plan;
}

function isRefusal(plan: EntryPlan | ClientYmlRefusalDto): plan is ClientYmlRefusalDto {
  return 'kind' in plan;
}

/** What the review shows: every readable entry with its subscriptions and its command, verbatim. */
export function clientYmlPlan(config: ClientConfig, fileName: string, appDefaultServer: string): ClientYmlPlanDto {
  const plan = planFile(config, fileName, appDefaultServer);
  if (isRefusal(plan)) return plan;
  return {
    kind: 'plan',
    entries: plan.entries.map(({ entry, label, server, topics, command }) => ({
      entry,
      label,
      server,
      topics,
      ...(command === undefined ? {} : { command }),
    })),
  };
}

/** Into the keychain first, so that the new subscriptions connect with them rather than meet a 401. */
async function saveCredentials(plan: EntryPlan, via: ImportVia): Promise<{ saved: number; failures: string[] }> {
  const inputs = [...plan.credentials]
    .map(([server, credentials]) => credentialsInput(server, credentials))
    .filter((input) => input !== undefined);
  const results = await via.storeCredentials(inputs);
  const failures = results.flatMap((result, index) =>
    result.ok
      ? []
      : [
          t('settings.import.yml.credentials-failed', {
            server: inputs[index]?.server ?? '',
            reason: result.error.message,
          }),
        ],
  );
  return { saved: results.length - failures.length, failures };
}

interface Item {
  readonly entry: PlannedEntry;
  readonly topic: string;
  readonly command: string | undefined;
}

/** Each entry's topics as items to save, a command only where the user accepted its exact text. */
function importItems(plan: EntryPlan, accepted: ClientYmlAcceptedDto): { items: Item[]; repeated: number } {
  const acceptedCommands = new Map(accepted.commands.map(({ entry, command }) => [entry, command]));
  const items: Item[] = [];
  const seen = new Set<string>();
  let repeated = 0;
  for (const entry of plan.entries) {
    const command =
      entry.command !== undefined && acceptedCommands.get(entry.entry) === entry.command ? entry.command : undefined;
    for (const topic of entry.topics) {
      const key = `${entry.server} ${topic}`;
      if (seen.has(key)) repeated += 1;
      else items.push({ entry, topic, command });
      seen.add(key);
    }
  }
  return { items, repeated };
}

export async function importClientConfig(
  config: ClientConfig,
  options: {
    fileName: string;
    appDefaultServer: string;
    accepted: ClientYmlAcceptedDto;
    via: ImportVia;
    ownCredentials: OwnCredentials;
  },
): Promise<ClientYmlImportDto> {
  const { via } = options;
  const plan = planFile(config, options.fileName, options.appDefaultServer);
  if (isRefusal(plan)) return plan;
  const credentials = await saveCredentials(plan, via);
  const { items, repeated } = importItems(plan, options.accepted);
  const outcomes = await via.saveSubscriptions(
    items.map(({ entry, topic, command }) => ({
      server: entry.server,
      topic,
      filters: entry.filters,
      ...(command === undefined ? {} : { command }),
    })),
  );
  const counts = { imported: 0, skipped: repeated, withCommand: 0, commandsRefused: 0 };
  const failures = plan.failures;
  const owned: OwnCredentialsItem[] = [];
  items.forEach(({ entry, command }, index) => {
    const outcome = outcomes[index];
    if (outcome?.ok === true) {
      counts.imported += 1;
      if (command !== undefined) counts.withCommand += 1;
      else if (entry.command !== undefined) counts.commandsRefused += 1;
      if (entry.own !== undefined) owned.push({ id: outcome.value.id, server: entry.server, credentials: entry.own });
    } else if (outcome?.error.code === ALREADY_SUBSCRIBED_CODE) counts.skipped += 1;
    else if (outcome !== undefined) failures.push({ label: entry.label, message: outcome.error.message });
  });
  if (owned.length > 0) credentials.failures.push(...(await options.ownCredentials(owned)));
  let defaultServer: string | undefined;
  if (config.defaultHostSet) {
    const updated = await via.updateSettings({ defaultServer: config.defaultHost });
    if (updated.ok) defaultServer = updated.value.defaultServer;
    else failures.push({ label: 'default-host', message: updated.error.message });
  }
  return {
    kind: 'imported',
    ...counts,
    failures,
    serversWithCredentials: credentials.saved,
    credentialConflicts: plan.conflicts.size,
    credentialFailures: credentials.failures,
    ...(defaultServer === undefined ? {} : { defaultServer }),
  };
}
