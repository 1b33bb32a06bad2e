/**
 * The validator's part for `account` (schema.ts, AccountSyncState): who is signed in and what the last sync saw.
 * Kept apart from validate.ts so that file stays about the settings the user edits.
 */
import { t } from '../../../../common/i18n/translate.ts';
import { normalizeServerUrl, serverUrlError } from '../../../../common/server-url.ts';
import { topicNameError } from '../../../../common/topic-name.ts';
import { childPath, type FieldReader, type JsonRecord } from './field-reader.ts';
import {
  LIMITS,
  type AccountSubscriptionSnapshot,
  type AccountSyncState,
  type LocalSubscriptionChange,
} from './schema.ts';

/** Milliseconds since the epoch up to the year 9999: a time, not an arbitrary number. */
const TIME_RANGE = { min: 0, max: 253_402_300_799_999 };

function readUrl(reader: FieldReader, record: JsonRecord, key: string, path: string): string {
  const value = reader.string(record, key, path, (text) => serverUrlError(text)?.message);
  return serverUrlError(value) === undefined ? normalizeServerUrl(value) : value;
}

function readTopic(reader: FieldReader, record: JsonRecord, path: string): string {
  return reader.string(record, 'topic', path, (topic) => topicNameError(topic)?.message);
}

function readSnapshot(reader: FieldReader, value: unknown, path: string): AccountSubscriptionSnapshot | undefined {
  const record = reader.object(value, path, ['server', 'topic', 'displayName']);
  if (record === undefined) return undefined;
  const displayName = reader.optionalString(record, 'displayName', path, (text) =>
    text.trim() === '' || text.length > LIMITS.displayNameLength
      ? t('rules.settings.text-length', { max: String(LIMITS.displayNameLength) })
      : undefined,
  );
  return {
    server: readUrl(reader, record, 'server', path),
    topic: readTopic(reader, record, path),
    ...(displayName === undefined ? {} : { displayName }),
  };
}

function readChange(reader: FieldReader, value: unknown, path: string): LocalSubscriptionChange | undefined {
  const record = reader.object(value, path, ['server', 'topic', 'changedAt', 'removed']);
  if (record === undefined) return undefined;
  return {
    server: readUrl(reader, record, 'server', path),
    topic: readTopic(reader, record, path),
    changedAt: reader.integer(record, 'changedAt', path, TIME_RANGE),
    removed: reader.boolean(record, 'removed', path),
  };
}

export function readAccountSync(reader: FieldReader, value: unknown, path: string): AccountSyncState | undefined {
  const record = reader.object(value, path, ['server', 'user', 'lastSyncAt', 'synced', 'localChanges']);
  if (record === undefined) return undefined;
  const syncedPath = childPath(path, 'synced');
  const changesPath = childPath(path, 'localChanges');
  const synced = reader
    .array(record['synced'], syncedPath)
    .map((item, index) => readSnapshot(reader, item, childPath(syncedPath, index)));
  const localChanges = reader
    .array(record['localChanges'], changesPath)
    .map((item, index) => readChange(reader, item, childPath(changesPath, index)));
  const lastSyncAt =
    record['lastSyncAt'] === undefined ? undefined : reader.integer(record, 'lastSyncAt', path, TIME_RANGE);
  return {
    server: readUrl(reader, record, 'server', path),
    user: reader.string(record, 'user', path, (name) =>
      name.trim() === '' || name.length > LIMITS.userLength
        ? t('rules.settings.name-length', { max: String(LIMITS.userLength) })
        : undefined,
    ),
    ...(lastSyncAt === undefined ? {} : { lastSyncAt }),
    synced: synced.filter((item) => item !== undefined),
    localChanges: localChanges.filter((item) => item !== undefined),
  };
}
