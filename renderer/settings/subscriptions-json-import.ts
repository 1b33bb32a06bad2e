/**
 * Reads our own subscriptions file (subscriptions-json-export.ts, or one written by hand in the same shape) into an
 * import plan. Only the shape is checked here; the core checks the values when each item is saved (import-plan.ts).
 */
import type { FiltersDto, PriorityDto, SubscriptionInput } from '../../common/ipc.ts';
import { isTransportKind, NTFY_TRANSPORTS } from '../../common/transports.ts';
import {
  type ImportParseResult,
  isObject,
  ItemError,
  normalizeServer,
  type PlannedSubscription,
  readItems,
  withoutDuplicates,
} from './import-plan.ts';
import { SUBSCRIPTIONS_FILE_FORMAT, SUBSCRIPTIONS_FILE_VERSION } from './subscriptions-json-export.ts';
import { errorMessage } from '../../common/error-message.ts';

const EXPORTED_KEYS = new Set(['server', 'topic', 'displayName', 'transport', 'filters', 'muted', 'minPriority']);
const FILTER_KEYS = new Set(['id', 'message', 'title', 'priority', 'tags']);
const PRIORITIES: readonly unknown[] = [1, 2, 3, 4, 5] satisfies PriorityDto[];

function isPriority(value: unknown): value is PriorityDto {
  return PRIORITIES.includes(value);
}

function optionalText(value: unknown, what: string): string | undefined {
  if (value !== undefined && typeof value !== 'string') throw new ItemError(`${what} must be a text`);
  return value;
}

function optionalTextList(value: unknown, what: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new ItemError(`${what} must be a list of texts`);
  }
  return value;
}

function readFilters(value: unknown): FiltersDto {
  if (value === undefined) return {};
  if (!isObject(value)) throw new ItemError('filters must be an object');
  const unknownKey = Object.keys(value).find((key) => !FILTER_KEYS.has(key));
  if (unknownKey !== undefined) throw new ItemError(`filters has an unknown field "${unknownKey}"`);
  const id = optionalText(value['id'], 'id filter');
  const message = optionalText(value['message'], 'message filter');
  const title = optionalText(value['title'], 'title filter');
  const priority = optionalTextList(value['priority'], 'priority filter');
  const tags = optionalTextList(value['tags'], 'tags filter');
  return {
    ...(id === undefined ? {} : { id }),
    ...(message === undefined ? {} : { message }),
    ...(title === undefined ? {} : { title }),
    ...(priority === undefined ? {} : { priority }),
    ...(tags === undefined ? {} : { tags }),
  };
}

function readSubscription(value: unknown, label: string): PlannedSubscription {
  if (!isObject(value)) throw new ItemError('must be an object');
  const unknownKey = Object.keys(value).find((key) => !EXPORTED_KEYS.has(key));
  if (unknownKey !== undefined) throw new ItemError(`has an unknown field "${unknownKey}"`);
  const { server, topic, transport, muted, minPriority } = value;
  if (typeof server !== 'string') throw new ItemError('server must be a text');
  if (typeof topic !== 'string') throw new ItemError('topic must be a text');
  const displayName = optionalText(value['displayName'], 'displayName');
  // Every ntfy stream is read, raw too (older exports have it), but raw is imported as json: the app does not offer it.
  if (transport !== undefined && !isTransportKind(transport)) {
    throw new ItemError(`transport must be one of ${NTFY_TRANSPORTS.join(', ')}`);
  }
  if (muted !== undefined && typeof muted !== 'boolean') throw new ItemError('muted must be true or false');
  if (minPriority !== undefined && !isPriority(minPriority)) {
    throw new ItemError('minPriority must be a whole number from 1 to 5');
  }
  const input: SubscriptionInput = {
    server: normalizeServer(server),
    topic,
    ...(displayName === undefined ? {} : { displayName }),
    ...(transport === undefined ? {} : { transport: transport === 'raw' ? 'json' : transport }),
    filters: readFilters(value['filters']),
    ...(muted === undefined ? {} : { muted }),
    ...(minPriority === undefined ? {} : { minPriority }),
  };
  return transport === 'raw' ? { label, input, rawAsJson: true } : { label, input };
}

/** Reads a file written by `serializeSubscriptions` (or by hand in the same shape). */
export function parseSubscriptionsJson(text: string): ImportParseResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `is not valid JSON: ${errorMessage(error)}` };
  }
  // Whole-file problems, phrased to follow the file's name ("Nothing imported: x.json is not …").
  if (!isObject(value) || value['format'] !== SUBSCRIPTIONS_FILE_FORMAT) {
    return { ok: false, error: `is not an ntfy Tray subscriptions file (no "format": "${SUBSCRIPTIONS_FILE_FORMAT}")` };
  }
  const version = value['version'];
  if (version !== SUBSCRIPTIONS_FILE_VERSION) {
    return typeof version === 'number' && version > SUBSCRIPTIONS_FILE_VERSION
      ? { ok: false, error: `was written by a newer ntfy Tray (format version ${version})` }
      : {
          ok: false,
          error: `has an unknown format version (${version === undefined ? 'none' : JSON.stringify(version)})`,
        };
  }
  const items = value['subscriptions'];
  if (!Array.isArray(items)) return { ok: false, error: 'has no "subscriptions" list' };

  const { planned, problems } = readItems(items, readSubscription);
  const { kept, duplicates } = withoutDuplicates(planned);
  return { ok: true, plan: { subscriptions: kept, problems, duplicates, withCredentials: 0, withCommand: 0 } };
}
