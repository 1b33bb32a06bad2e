/**
 * What importing or exporting an ntfy CLI client.yml answers the window (main reads it: core/client-config/).
 * `unreadable`: not a client.yml (or not YAML) — nothing was imported; `problem` says where, never a value.
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
