/**
 * The plain data that crosses the bridge between main and the window (requests, answers, pushes): what the
 * operation and event tables in ipc.ts are typed with. Type declarations only, so it costs the preload and the page
 * nothing at run time.
 *
 * Every string that came from a server is untrusted text. Secrets go one way only: the renderer may hand main a
 * password or token (CredentialsInput) and learns nothing back but `hasCredentials`.
 *
 * One file per concern (messages, subscriptions, client.yml, settings and notices, publishing, account), each type
 * derived from the core's own type where the core has one (publish input, account, protocol: common/ntfy-types.ts,
 * publish-input.ts, account-types.ts), so that a change there reaches the window. This file is the barrel ipc.ts
 * re-exports, and holds the results every operation answers.
 */

export type * from './message-dto.ts';
export type * from './subscription-dto.ts';
export type * from './client-yml-dto.ts';
export { CLIENT_YML_MAX_SUBSCRIPTIONS } from './client-yml-dto.ts';
export type * from './settings-dto.ts';
export type * from './publish-dto.ts';
export type * from './account-dto.ts';
export type * from './push-app-dto.ts';

// ---- results -------------------------------------------------------------------------------------------------

type BridgeErrorCode =
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
