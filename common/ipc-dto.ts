/**
 * The plain data that crosses the bridge between main and the window (requests, answers, pushes): what the
 * operation and event tables in ipc.ts are typed with. Type declarations only, so it costs the preload and the page
 * nothing at run time.
 *
 * Every string that came from a server is untrusted text. Secrets go one way only: the renderer may hand main a
 * password or token (CredentialsInput) and learns nothing back but `hasCredentials`.
 *
 * Over 300 lines on purpose: declarations only (no logic to follow), one file so that the whole surface the window
 * sees is reviewed in one place beside the tables in ipc.ts.
 */

import type { ActionKind } from './action-kinds.ts';
import type { CutField } from './message-cuts.ts';
import type { ConnectionTrouble } from './connection-trouble.ts';
import type { TransportKind } from './transports.ts';

// ---- results -------------------------------------------------------------------------------------------------

export type BridgeErrorCode =
  | 'invalid-argument'
  | 'not-found'
  | 'keychain-unavailable'
  | 'validation-failed'
  /** Saving a subscription whose server and topic another one has (subscription-rules.ts); `fields.topic` says so. */
  | 'already-subscribed'
  | 'refused-url'
  | 'internal';

export interface BridgeError {
  readonly code: BridgeErrorCode;
  /** Readable, never containing a secret. */
  readonly message: string;
  /** For `validation-failed`: field name → problem, e.g. `topic` → `must be 1-64 characters of A-Z a-z 0-9 _ -`. */
  readonly fields?: Readonly<Record<string, string>>;
}

export type BridgeResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: BridgeError };

// ---- messages ------------------------------------------------------------------------------------------------

export type PriorityDto = 1 | 2 | 3 | 4 | 5;

export interface MessageActionDto {
  readonly kind: ActionKind;
  readonly label: string;
  readonly url?: string;
  /** A copy action's text: the window shows what the button will copy before it is pressed. */
  readonly value?: string;
  /** An http action's method (POST when the publisher gave none), shown with the host before it runs. */
  readonly method?: string;
  readonly clear: boolean;
}

export interface AttachmentDto {
  readonly name: string;
  readonly url: string;
  readonly type?: string;
  readonly size?: number;
  /** Unix seconds. */
  readonly expires?: number;
}

/** A stored message as the window shows it. Every string is untrusted text: render it as text, never as HTML. */
export interface MessageDto {
  readonly server: string;
  readonly id: string;
  readonly topic: string;
  /** Unix seconds. */
  readonly time: number;
  readonly title?: string;
  readonly message: string;
  readonly priority: PriorityDto;
  readonly tags: readonly string[];
  /** The tags split as ntfy's own clients show them: emoji for gemoji short names, the rest as labels. */
  readonly tagEmoji: readonly string[];
  readonly tagLabels: readonly string[];
  readonly click?: string;
  readonly icon?: string;
  readonly actions: readonly MessageActionDto[];
  readonly attachment?: AttachmentDto;
  /** `text/markdown` when the body is markdown (render it sanitized). */
  readonly contentType?: string;
  readonly encoding?: string;
  readonly read: boolean;
  /** Milliseconds since the epoch. */
  readonly receivedAt: number;
  /** What was cut or left out to fit the history's bounds (absent: nothing), for the detail to say. */
  readonly cut?: readonly CutField[];
}

export interface SubscriptionRefDto {
  readonly server: string;
  readonly topic: string;
}

export interface MessageRefDto {
  readonly server: string;
  readonly id: string;
}

/** Keyset pagination: where the next page starts (opaque to the renderer). */
export interface PageCursorDto {
  readonly time: number;
  readonly rowid: number;
}

export interface MessageQuery {
  readonly subscription?: SubscriptionRefDto;
  readonly minPriority?: PriorityDto;
  readonly unreadOnly?: boolean;
  readonly limit?: number;
  readonly before?: PageCursorDto;
}

export interface MessagePageDto {
  readonly messages: readonly MessageDto[];
  readonly next?: PageCursorDto;
}

export interface TextSegmentDto {
  readonly text: string;
  readonly match: boolean;
}

export interface SearchQuery {
  readonly text: string;
  readonly subscription?: SubscriptionRefDto;
  readonly minPriority?: PriorityDto;
  readonly unreadOnly?: boolean;
  readonly limit?: number;
}

export interface SearchHitDto {
  readonly message: MessageDto;
  /** Plain-text runs; show `match` ones highlighted. */
  readonly titleSegments: readonly TextSegmentDto[];
  readonly messageSegments: readonly TextSegmentDto[];
}

export interface UnreadCountDto extends SubscriptionRefDto {
  readonly unread: number;
}

// ---- subscriptions, credentials, connections ------------------------------------------------------------------

/** Every ntfy stream: the bridge takes raw too, so that the settings can refuse it with a reason (transports.ts). */
export type TransportDto = TransportKind;

export interface FiltersDto {
  readonly id?: string;
  readonly message?: string;
  readonly title?: string;
  readonly priority?: readonly string[];
  readonly tags?: readonly string[];
}

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

/**
 * What importing an ntfy CLI client.yml did (main reads it: core/client-config/). `unreadable`: not a client.yml
 * (or not YAML) — nothing was imported; `problem` says where, never a value.
 */
/** At most this many subscriptions from one client.yml; a larger file is refused whole, saying so. */
export const CLIENT_YML_MAX_SUBSCRIPTIONS = 1000;

/** A client.yml the import refuses whole: not readable, or naming more subscriptions than one import takes. */
export type ClientYmlRefusalDto =
  | { readonly kind: 'unreadable'; readonly problem: string }
  | { readonly kind: 'too-many'; readonly subscriptions: number; readonly limit: number };

/** One `subscribe:` entry as the import would store it, shown to the user before anything is stored. */
export interface ClientYmlPlannedEntryDto {
  /** 1-based place in `subscribe:`, what an accepted command names. */
  readonly entry: number;
  /** "client.yml, subscribe entry 2" */
  readonly label: string;
  readonly server: string;
  readonly topics: readonly string[];
  /** The entry's `command` (or the file's `default-command`), exactly as it would run; absent: none. */
  readonly command?: string;
}

/** What an import of the file would store (nothing is stored yet); commands wait for the user's acceptance. */
export type ClientYmlPlanDto =
  | ClientYmlRefusalDto
  | {
      readonly kind: 'plan';
      /** Readable entries, in file order. */
      readonly entries: readonly ClientYmlPlannedEntryDto[];
    };

/** The commands the user accepted after reading them: each entry's command text as it was shown. */
export interface ClientYmlAcceptedDto {
  readonly commands: readonly { readonly entry: number; readonly command: string }[];
}

export type ClientYmlImportDto =
  | ClientYmlRefusalDto
  | {
      readonly kind: 'imported';
      readonly imported: number;
      /** Already subscribed, or named earlier in the same file. */
      readonly skipped: number;
      /** Entries that could not be imported, each labelled by its place in the file. */
      readonly failures: readonly { readonly label: string; readonly message: string }[];
      /** Servers whose user and password or token from the file are now in the keychain. */
      readonly serversWithCredentials: number;
      /** Servers the file names with differing credentials: the first entry's were saved. */
      readonly credentialConflicts: number;
      /** Credentials that could not be saved (e.g. no keychain), one sentence each, never the secret. */
      readonly credentialFailures: readonly string[];
      /** Imported subscriptions that run a command (the user accepted it). */
      readonly withCommand: number;
      /** Imported subscriptions whose command the user did not accept: stored without one. */
      readonly commandsRefused: number;
      /** The file's `default-host`, now the default server. */
      readonly defaultServer?: string;
    };

export interface ClientYmlExportOptionsDto {
  /** Write the keychain's passwords and tokens into the file too (the user asked for it). */
  readonly includeSecrets: boolean;
}

export type ClientYmlExportDto =
  | { readonly kind: 'canceled' }
  | { readonly kind: 'saved'; readonly path: string; readonly subscriptions: number; readonly withSecrets: boolean };

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

// ---- settings --------------------------------------------------------------------------------------------------

export type ThemeDto = 'system' | 'light' | 'dark';

export interface PreferencesDto {
  readonly notificationsEnabled: boolean;
  readonly quietHours: {
    readonly enabled: boolean;
    readonly start: string;
    readonly end: string;
    readonly urgentBreaksThrough: boolean;
  };
  readonly sounds: boolean;
  /** Global floor for popups (messages below it are still stored). */
  readonly minPriority: PriorityDto;
  readonly startAtLogin: boolean;
  readonly theme: ThemeDto;
  readonly historyRetention: { readonly maxAgeDays: number; readonly maxPerSubscription: number };
  readonly keepaliveTimeoutSeconds: number;
  /** From where image attachments are downloaded without a click; never internal addresses of other servers. */
  readonly autoDownloadAttachments: 'never' | 'subscription-server' | 'any-server';
  readonly autoDownloadMaxBytes: number;
  /** Look for new versions (only where `updateChecks` is `user`). */
  readonly checkForUpdates: boolean;
}

/**
 * Who decides whether the app checks for updates (core/updates/update-policy.ts): the user (`checkForUpdates`),
 * the administrator, who turned them off (NTFY_TRAY_UPDATES=off), or nobody: this build has no release feed.
 */
export type UpdateChecksDto = 'user' | 'administrator-off' | 'not-in-this-build';

export interface SettingsDto {
  readonly defaultServer: string;
  readonly preferences: PreferencesDto;
  readonly updateChecks: UpdateChecksDto;
  /** Milliseconds since the epoch; Infinity is sent as null ("until resumed"); absent when not paused. */
  readonly pausedUntil?: number | null;
}

export interface SettingsPatchDto {
  readonly defaultServer?: string;
  readonly preferences?: Partial<Omit<PreferencesDto, 'quietHours' | 'historyRetention'>> & {
    readonly quietHours?: Partial<PreferencesDto['quietHours']>;
    readonly historyRetention?: Partial<PreferencesDto['historyRetention']>;
  };
  /** Minutes, or `until-resumed`, or null to resume. */
  readonly pause?: number | 'until-resumed' | null;
}

/** An image attachment fetched by main (same cache, type check and size cap as the notifications). */
export interface AttachmentPreviewDto {
  /** A `data:image/…;base64,` URL: the page never loads a remote image itself. */
  readonly dataUrl: string;
  readonly bytes: number;
}

export type ActionOutcomeDto =
  | { readonly kind: 'opened'; readonly url: string }
  | { readonly kind: 'copied' }
  | { readonly kind: 'http'; readonly ok: boolean; readonly status?: number; readonly message: string }
  /** Nothing was sent: `method` to `host` (this computer or its network) waits for the user's confirmation. */
  | { readonly kind: 'confirm'; readonly method: string; readonly host: string; readonly message: string };

export interface RunActionOptionsDto {
  /** The user saw method and host of an http action to an internal address and confirmed it. */
  readonly confirmedInternal: boolean;
}

/** Which message a notification click asks the window to show. */
export interface ShowMessageDto extends MessageRefDto {
  /** The index of an http action (in the message's actions) to show its confirmation for, sending nothing. */
  readonly confirmAction?: number;
}

// ---- desktop notices ------------------------------------------------------------------------------------------

/**
 * What the desktop is not doing for the app, said in the window: `tray-host-missing` (Linux without a
 * StatusNotifier host: no tray icon, so closing the window minimizes it), `tray-icon-missing` (a host runs but does
 * not list our icon: the same fallback), `notifications-refused` (the system's notification center refused a
 * popup) and `update-available` (a new version; dismissed, it comes back only for a newer one or after a restart).
 */
export type DesktopNoticeIdDto =
  'tray-host-missing' | 'tray-icon-missing' | 'notifications-refused' | 'update-available';

export interface DesktopNoticeDto {
  readonly id: DesktopNoticeIdDto;
  /** Plain text, one or two sentences: what is wrong and what the user can do. */
  readonly text: string;
  /** Dismissed notices never come back (kept across restarts); the others go away when their cause does. */
  readonly dismissible: boolean;
  /** A web page the notice points to (a new version's release page), opened through BridgeApi.openLink. */
  readonly link?: { readonly label: string; readonly url: string };
}

// ---- publishing ----------------------------------------------------------------------------------------------

/** One action button of a message to send; the server gives it its id. */
export interface PublishActionDto {
  readonly action: ActionKind;
  readonly label: string;
  readonly url?: string;
  readonly clear?: boolean;
  /** For `http`; absent means POST. */
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly intent?: string;
  readonly extras?: Readonly<Record<string, string>>;
  /** For `copy`. */
  readonly value?: string;
}

/**
 * A message to send to `topic` on `server`, with the credentials stored for that server (the window never holds a
 * secret). Empty strings mean "not set"; the server checks the rest (delay 10 s to 3 days, at most 3 actions).
 */
export interface PublishInputDto {
  readonly server: string;
  readonly topic: string;
  readonly message?: string;
  readonly title?: string;
  readonly priority?: PriorityDto;
  readonly tags?: readonly string[];
  readonly click?: string;
  readonly icon?: string;
  /** A file by URL. */
  readonly attach?: string;
  readonly filename?: string;
  /** As typed: `30m`, `tomorrow 9am`, a Unix time. */
  readonly delay?: string;
  readonly markdown?: boolean;
  readonly noCache?: boolean;
  readonly actions?: readonly PublishActionDto[];
}

/**
 * `sent` carries the server's id and time (Unix seconds; `scheduled` when that is still ahead). The failures are
 * said in `detail` in plain words: `read-only` is a 403 (the user may not write here), `wrong-credentials` a 401,
 * `missing-credentials` a stored auth whose secret the keychain lacks (nothing was sent), `refused` any other
 * refusal (ntfy's `code` when given), `rate-limited` a 429, `unreachable` no answer.
 */
export type PublishOutcomeDto =
  | { readonly outcome: 'sent'; readonly id: string; readonly time: number; readonly scheduled: boolean }
  | {
      readonly outcome:
        'read-only' | 'wrong-credentials' | 'missing-credentials' | 'refused' | 'rate-limited' | 'unreachable';
      readonly detail: string;
      readonly status?: number;
      readonly code?: number;
    };

/**
 * A local file to send as the attachment of a message (ntfy's `PUT /<topic>` with the file as the body): its name and
 * size; the bytes follow in parts (`uploadChunk`), the other fields are a message's.
 */
export interface UploadStartDto extends Omit<PublishInputDto, 'attach' | 'filename'> {
  readonly filename: string;
  readonly size: number;
}

/** Started (parts may follow), or not: refused before a byte was sent (a file over the server's limit, no secret). */
export type UploadStartedDto =
  | { readonly started: true; readonly uploadId: string }
  | { readonly started: false; readonly outcome: PublishOutcomeDto };

/** After a part: the bytes the core has handed on, and whether the server already answered (send no more then). */
export interface UploadProgressDto {
  readonly sentBytes: number;
  readonly answered: boolean;
}

// ---- ntfy account --------------------------------------------------------------------------------------------

/** Signs in once: the password is used to create a token and is never stored or logged. */
export interface AccountSignInDto {
  /** Base URL of the ntfy server, e.g. `https://ntfy.sh`. */
  readonly server: string;
  readonly user: string;
  readonly password: string;
}

export interface AccountSubscriptionRefDto {
  readonly server: string;
  readonly topic: string;
  readonly displayName?: string;
}

/** What a sync changed on this device and how conflicts were settled (main/core/account/merge.ts SyncNote). */
export type AccountSyncNoteDto =
  | {
      readonly kind: 'added-here' | 'renamed-here' | 'removed-here' | 'kept-removed-on-server' | 'kept-removed-here';
      readonly entry: AccountSubscriptionRefDto;
    }
  | {
      readonly kind: 'rename-conflict';
      readonly entry: AccountSubscriptionRefDto;
      readonly winner: 'this-device' | 'server';
      /** The display name that lost; undefined when it was none. */
      readonly lostName?: string;
    };

export type AccountSyncOutcomeDto =
  | {
      readonly ok: true;
      /** Milliseconds since the epoch. */
      readonly at: number;
      readonly notes: readonly AccountSyncNoteDto[];
      /** Changes sent to the server. */
      readonly sentToServer: number;
      /** Account entries left alone on both sides (their base URL is not a usable http(s) URL). */
      readonly skipped: number;
    }
  | {
      readonly ok: false;
      readonly reason: 'signed-out' | 'no-token' | 'token-rejected' | 'unreachable' | 'failed';
      readonly message: string;
    };

/** A topic the account reserved; `everyone` is ntfy's word for what others may do (read-write, read-only, …). */
export interface AccountReservationDto {
  readonly topic: string;
  readonly everyone: string;
}

/** Plain data, never a token. Limits and stats by ntfy's names (`messages`, `reservations`, `attachment_file_size`). */
export type AccountStatusDto =
  | { readonly signedIn: false }
  | {
      readonly signedIn: true;
      readonly server: string;
      readonly user: string;
      /** Milliseconds since the epoch. */
      readonly lastSyncAt?: number;
      readonly syncing: boolean;
      readonly lastSync?: AccountSyncOutcomeDto;
      readonly reservations: readonly AccountReservationDto[];
      readonly limits: Readonly<Record<string, number | string>>;
      readonly stats: Readonly<Record<string, number>>;
      readonly tier?: { readonly code: string; readonly name: string };
    };

export type AccountSignInOutcomeDto =
  { readonly ok: true; readonly sync: AccountSyncOutcomeDto } | { readonly ok: false; readonly error: string };

export type AccountSignOutOutcomeDto =
  | { readonly ok: true; readonly tokenDeletedOnServer: boolean; readonly message: string }
  | { readonly ok: false; readonly error: string };
