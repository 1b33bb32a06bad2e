/**
 * Reads our own subscriptions file (subscriptions-json-export.ts, or one written by hand in the same shape) into an
 * import plan. Only the shape is checked here; the core checks the values when each item is saved (import-plan.ts).
 */
import type { FiltersDto, PriorityDto, SubscriptionInput } from '../../common/ipc.ts';
import { t } from '../../common/i18n/translate.ts';
import { isTransportKind, NTFY_TRANSPORTS } from '../../common/transports.ts';
import {
  fieldError,
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

/** `problem` said of a filter, named by its key in the file: "tags filter must be …" / "Filter „tags“ muss …". */
function filterError(name: keyof FiltersDto, problem: string): ItemError {
  return new ItemError(t('settings.import.problem.json-filter', { name, problem }));
}

function optionalText(value: unknown, fail: (problem: string) => ItemError): string | undefined {
  if (value !== undefined && typeof value !== 'string') throw fail(t('settings.import.problem.not-text'));
  return value;
}

function optionalTextList(value: unknown, fail: (problem: string) => ItemError): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw fail(t('settings.import.problem.not-text-list'));
  }
  return value;
}

function readFilters(value: unknown): FiltersDto {
  if (value === undefined) return {};
  if (!isObject(value)) throw fieldError('filters', t('rules.settings.object'));
  const unknownKey = Object.keys(value).find((key) => !FILTER_KEYS.has(key));
  if (unknownKey !== undefined) {
    throw fieldError('filters', t('settings.import.problem.unknown-field', { name: unknownKey }));
  }
  const id = optionalText(value['id'], (problem) => filterError('id', problem));
  const message = optionalText(value['message'], (problem) => filterError('message', problem));
  const title = optionalText(value['title'], (problem) => filterError('title', problem));
  const priority = optionalTextList(value['priority'], (problem) => filterError('priority', problem));
  const tags = optionalTextList(value['tags'], (problem) => filterError('tags', problem));
  return {
    ...(id === undefined ? {} : { id }),
    ...(message === undefined ? {} : { message }),
    ...(title === undefined ? {} : { title }),
    ...(priority === undefined ? {} : { priority }),
    ...(tags === undefined ? {} : { tags }),
  };
}

function readSubscription(value: unknown, label: string): PlannedSubscription {
  if (!isObject(value)) throw new ItemError(t('rules.settings.object'));
  const unknownKey = Object.keys(value).find((key) => !EXPORTED_KEYS.has(key));
  if (unknownKey !== undefined) throw new ItemError(t('settings.import.problem.unknown-field', { name: unknownKey }));
  const { server, topic, transport, muted, minPriority } = value;
  if (typeof server !== 'string') throw fieldError('server', t('settings.import.problem.not-text'));
  if (typeof topic !== 'string') throw fieldError('topic', t('settings.import.problem.not-text'));
  const displayName = optionalText(value['displayName'], (problem) => fieldError('displayName', problem));
  // Every ntfy stream is read, raw too (older exports have it), but raw is imported as json: the app does not offer it.
  if (transport !== undefined && !isTransportKind(transport)) {
    throw fieldError('transport', t('rules.settings.one-of', { options: NTFY_TRANSPORTS.join(', ') }));
  }
  if (muted !== undefined && typeof muted !== 'boolean') throw fieldError('muted', t('rules.settings.boolean'));
  if (minPriority !== undefined && !isPriority(minPriority)) {
    throw fieldError('minPriority', t('rules.settings.whole-number', { min: 1, max: 5 }));
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

/** Why a file's `version` is not ours; the version as the file writes it (a wire value, not a locale's number). */
function versionProblem(version: unknown): string {
  if (typeof version === 'number' && version > SUBSCRIPTIONS_FILE_VERSION) {
    return t('settings.import.file.newer-version', { version: String(version) });
  }
  return version === undefined
    ? t('settings.import.file.no-version')
    : t('settings.import.file.unknown-version', { version: JSON.stringify(version) });
}

/** Reads a file written by `serializeSubscriptions` (or by hand in the same shape). */
export function parseSubscriptionsJson(text: string): ImportParseResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: t('settings.import.file.not-json', { reason: errorMessage(error) }) };
  }
  // Whole-file problems, phrased to follow the file's name ("Nothing imported: x.json is not …").
  if (!isObject(value) || value['format'] !== SUBSCRIPTIONS_FILE_FORMAT) {
    return {
      ok: false,
      error: t('settings.import.file.not-subscriptions-file', { format: SUBSCRIPTIONS_FILE_FORMAT }),
    };
  }
  const version = value['version'];
  if (version !== SUBSCRIPTIONS_FILE_VERSION) return { ok: false, error: versionProblem(version) };
  const items = value['subscriptions'];
  if (!Array.isArray(items)) return { ok: false, error: t('settings.import.file.no-subscriptions-list') };

  const { planned, problems } = readItems(items, readSubscription);
  const { kept, duplicates } = withoutDuplicates(planned);
  return { ok: true, plan: { subscriptions: kept, problems, duplicates } };
}
