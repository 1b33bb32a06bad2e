/** Subscriptions, their credentials and connections as they cross the bridge (IPC DTOs; see ipc-dto.ts). */
import type { ConnectionTrouble } from './connection-trouble.ts';
import type { PriorityDto } from './message-dto.ts';
import type { SubscribeFilters } from './ntfy-types.ts';
import type { TransportKind } from './transports.ts';

/** Every ntfy stream: the bridge takes raw too, so that the settings can refuse it with a reason (transports.ts). */
export type TransportDto = TransportKind;

/** The server-side filters (common/ntfy-types.ts). */
export type FiltersDto = SubscribeFilters;

export type AuthKindDto = 'none' | 'basic' | 'token';

export interface OwnCredentialsDto {
  readonly auth: AuthKindDto;
  readonly user?: string;
  readonly hasSecret: boolean;
}

export interface SubscriptionDto {
  readonly id: string;
  readonly server: string;
  readonly topic: string;
  readonly displayName?: string;
  readonly transport: TransportDto;
  readonly filters: FiltersDto;
  readonly muted: boolean;
  readonly minPriority: PriorityDto;
  readonly auth: AuthKindDto;
  readonly user?: string;
  /** Whether a password or token is stored in the keychain; the secret itself never crosses the bridge. */
  readonly hasCredentials: boolean;
  /**
   * This subscription's own credentials (as a client.yml entry's own `user`/`token`, or an explicit none), which apply
   * instead of its server's (`auth`, `user`, `hasCredentials` above); absent: the server's apply.
   */
  readonly ownCredentials?: OwnCredentialsDto;
  /** Run by main for each message, with the message in its environment (common/command-variables.ts). */
  readonly command?: string;
  /** How the command's last run failed; absent when it has not failed since the app started, or ran fine since. */
  readonly commandFailure?: CommandFailureDto;
  /** What the command's runs need the row to say (runs skipped, a long run, variables cut); absent: nothing. */
  readonly commandRuns?: CommandRunsDto;
}

/** A subscription command's runs, as its row shows them (core/app/subscription-commands.ts). */
export interface CommandRunsDto {
  /** Messages whose run was skipped because the command was busy and enough runs were waiting already. */
  readonly skipped: number;
  /** A run that has gone on for long: the message it runs for, since when (milliseconds since the epoch). */
  readonly longRun?: { readonly messageId: string; readonly since: number };
  /** The latest run got these variables (first names, `NTFY_MESSAGE`) cut to fit what a process may receive. */
  readonly cut?: { readonly messageId: string; readonly variables: readonly string[] };
}

/** A subscription command's failed run: exactly one of exitCode, signal or startError says why. */
export interface CommandFailureDto {
  /** The message it ran for. */
  readonly messageId: string;
  /** Milliseconds since the epoch. */
  readonly at: number;
  readonly exitCode?: number;
  readonly signal?: string;
  /** It could not be started (the shell is missing, …). */
  readonly startError?: string;
  /** The end of what it wrote to stderr. */
  readonly stderrTail?: string;
}

/** What a subscription's row shows of its command changed (commandFailure, commandRuns): the window asks again. */
export interface CommandStateChangedDto {
  readonly subscriptionId: string;
}

/** What the editor saves; `id` absent for a new subscription. */
export interface SubscriptionInput {
  readonly id?: string;
  readonly server: string;
  readonly topic: string;
  readonly displayName?: string;
  readonly transport?: TransportDto;
  readonly filters?: FiltersDto;
  readonly muted?: boolean;
  readonly minPriority?: PriorityDto;
  /** The command to run for each message; `''` removes it, absent keeps what is saved. */
  readonly command?: string;
}

/** Write-only: the renderer hands a secret to main, which puts it in the keychain. */
export type CredentialsInput =
  | { readonly server: string; readonly kind: 'basic'; readonly user: string; readonly password: string }
  | { readonly server: string; readonly kind: 'token'; readonly token: string };

/**
 * The credentials a Test uses: `stored` (what the keychain holds for the server), or what the editor has typed and
 * not saved — Test never stores them and main never logs them.
 */
export type TestCredentialsDto =
  | { readonly kind: 'stored' }
  | { readonly kind: 'none' }
  | { readonly kind: 'basic'; readonly user: string; readonly password: string }
  | { readonly kind: 'token'; readonly token: string };

/** The editor's Save: `saveAnyway` stores the subscription and typed credentials unchecked (the server was down). */
export interface CheckedSaveOptionsDto {
  readonly saveAnyway: boolean;
}

/**
 * What the editor's Save did. `not-saved`: the server refused the credentials (or, without any, wants some), or could
 * not be reached to check typed ones; `check` is what Test would say. Nothing was saved and no secret was stored.
 */
export type CheckedSaveDto =
  | { readonly outcome: 'saved'; readonly subscription: SubscriptionDto }
  | { readonly outcome: 'not-saved'; readonly check: SubscriptionTestResult };

/** `missing-credentials`: the settings call for a password or token the keychain does not hold (nothing was sent). */
export type SubscriptionTestOutcome =
  'ok' | 'wrong-credentials' | 'missing-credentials' | 'no-permission' | 'unreachable';

export interface SubscriptionTestResult {
  readonly outcome: SubscriptionTestOutcome;
  readonly detail: string;
  /** `unreachable`: why, as a code the window words as its server banner does (host not found, refused, TLS, …). */
  readonly trouble?: ConnectionTrouble;
}

export type ConnectionStateDto =
  | { readonly kind: 'connecting' }
  | { readonly kind: 'open' }
  /** Waiting to reconnect: `trouble` is why as a code for the window to word; `reason` the core's words (detail). */
  | {
      readonly kind: 'backoff';
      readonly nextAttemptAt: number;
      readonly reason: string;
      readonly trouble: ConnectionTrouble;
    }
  /** Refused for good: `cause` says which words the window uses; `message` is the core's (detail). */
  | { readonly kind: 'auth-failed'; readonly cause: AuthFailureCause; readonly message: string }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'stopped' };

/**
 * Why a connection was refused for good: `credentials` the server did not accept them (401), `permission` they may
 * not read the topic (403), `locked-out` too many failed logins (ntfy's 429 with code 42909).
 */
export type AuthFailureCause = 'credentials' | 'permission' | 'locked-out';

export interface ConnectionDto {
  readonly server: string;
  readonly topics: readonly string[];
  readonly forbiddenTopics: readonly string[];
  readonly transport: TransportDto;
  readonly state: ConnectionStateDto;
}
