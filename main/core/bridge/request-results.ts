/**
 * The answers every bridge request file builds: BridgeResult values for success and for the expected failures
 * (invalid fields, keychain unavailable). Only bugs throw; the transport reports those as `internal`.
 */
import type { BridgeError, BridgeResult } from '../../../common/ipc.ts';
import { SecretStoreUnavailableError } from '../store/secrets/errors.ts';
import { formatIssue, type SettingsIssue } from '../store/settings/field-reader.ts';
import type { ServerAuth, Settings } from '../store/settings/schema.ts';

export const ok = <T>(value: T): BridgeResult<T> => ({ ok: true, value });
export const fail = <T>(error: BridgeError): BridgeResult<T> => ({ ok: false, error });

/** `fields` is keyed by the last part of each issue's path (`topic`, `server`): the form marks that field. */
export function validationFailed<T>(issues: readonly SettingsIssue[]): BridgeResult<T> {
  return fail({
    code: 'validation-failed',
    message: issues.map(formatIssue).join('; '),
    fields: Object.fromEntries(issues.map((issue) => [issue.path.split('.').at(-1) ?? issue.path, issue.message])),
  });
}

/** A keychain that cannot be reached is an answer; any other error is a bug and is thrown on. */
export function keychainError<T>(error: unknown): BridgeResult<T> {
  if (error instanceof SecretStoreUnavailableError)
    return fail({ code: 'keychain-unavailable', message: error.message });
  throw error;
}

export function serverAuth(settings: Settings, server: string): ServerAuth {
  return settings.servers.find((item) => item.url === server)?.auth ?? { kind: 'none' };
}
