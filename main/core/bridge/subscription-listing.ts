/**
 * The subscriptions as the window's list shows them: each with its server's auth, whether the keychain holds its
 * secret (asked once per server in a listing, not per subscription), its own credentials and its command's state.
 */
import type { CommandFailureDto, CommandRunsDto, SubscriptionDto } from '../../../common/ipc.ts';
import type { Logger } from '../ports.ts';
import { secretRefFor } from '../store/secrets/credentials.ts';
import type { SecretStore } from '../store/secrets/secret-store.ts';
import type { ServerSettings, Settings, SubscriptionSettings } from '../store/settings/schema.ts';
import { toSubscriptionDto } from './dto.ts';
import { serverAuth } from './request-results.ts';

/** What the bridge asks of the subscriptions' commands. */
export interface SubscriptionCommandState {
  /** The last failed run of a subscription's command. */
  lastFailure(subscriptionId: string): CommandFailureDto | undefined;
  /** Its runs as the row shows them (skipped, long, cut). */
  runs(subscriptionId: string): CommandRunsDto | undefined;
  /** Ends its running command and drops those waiting; false when none was running. */
  stop(subscriptionId: string): boolean;
}

interface SubscriptionDtoOptions {
  readonly secrets: SecretStore;
  readonly log: Logger;
  /** The subscriptions' commands (core/app/subscription-commands.ts); absent: no command runs. */
  readonly commands?: SubscriptionCommandState;
}

/** A server's auth and whether its secret is stored, asked once per server in a listing (not per subscription). */
export type ServerFacts = Map<string, { auth: ServerSettings['auth']; stored: Promise<boolean> }>;

/** A subscription's DTO; `facts` shares the servers' facts between the subscriptions of one listing. */
type SubscriptionDtoOf = (
  subscription: SubscriptionSettings,
  current: Settings,
  facts?: ServerFacts,
) => Promise<SubscriptionDto>;

export function createSubscriptionDtos(options: SubscriptionDtoOptions): SubscriptionDtoOf {
  const { secrets, log } = options;

  async function hasCredentials(server: ServerSettings, subscription?: string): Promise<boolean> {
    const ref = secretRefFor(server, subscription);
    if (ref === undefined) return false;
    try {
      return (await secrets.get(ref)) !== undefined;
    } catch (error) {
      log.log('warn', 'could not ask the keychain whether credentials are stored', { error: String(error) });
      return false;
    }
  }

  return async function subscriptionDto(
    subscription: SubscriptionSettings,
    current: Settings,
    facts: ServerFacts = new Map(),
  ) {
    let server = facts.get(subscription.server);
    if (server === undefined) {
      const auth = serverAuth(current, subscription.server);
      server = { auth, stored: hasCredentials({ url: subscription.server, auth }) };
      facts.set(subscription.server, server);
    }
    const commands = subscription.command === undefined ? undefined : options.commands;
    const command = { failure: commands?.lastFailure(subscription.id), runs: commands?.runs(subscription.id) };
    const own = subscription.auth;
    const ownCredentials =
      own === undefined
        ? undefined
        : {
            auth: own.kind,
            ...(own.kind === 'basic' ? { user: own.user } : {}),
            hasSecret: await hasCredentials({ url: subscription.server, auth: own }, subscription.id),
          };
    return toSubscriptionDto(subscription, server.auth, await server.stored, command, ownCredentials);
  };
}
