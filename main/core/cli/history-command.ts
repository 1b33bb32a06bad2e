/**
 * `ntfy-tray history [--json] [--topic <topic>] [--search <text>] [--unread] [--limit N] [--data-dir <dir>]`:
 * what `subscribe` or the app stored, newest first; `--json` prints one message object (as received) per line.
 * The history is opened read-only: listing never writes, so it works on a data dir the user may only read.
 */
import type { AppHistoryStore } from '../ports.ts';
import type { StoredMessage, SubscriptionRef } from '../store/history/types.ts';
import { historyUsage, type HistoryArgs, parseHistoryArgs, type TopicChoice } from './history-args.ts';
import { formatMessageJson, formatMessageLine } from './output.ts';
import { EXIT } from './subscribe-command.ts';
import { usageError } from './usage-error.ts';
import { t } from '../../../common/i18n/translate.ts';
import { errorMessage } from '../../../common/error-message.ts';

export { historyUsage } from './history-args.ts';

/** What the command reads through: the app's history port, and closing it when done. */
type ReadableHistory = AppHistoryStore & { close(): Promise<void> };

/** A subscription the settings know, for finding `--topic` by display name. */
export interface NamedSubscription extends SubscriptionRef {
  readonly displayName?: string;
}

export interface HistoryIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Always asked with `{ readOnly: true }`: pass it on to SqliteHistoryStore.open. */
  readonly openHistory: (dataDir: string | undefined, options: { readonly readOnly: true }) => Promise<ReadableHistory>;
  /** The app's subscriptions in that data dir (none when it has no settings); read without writing. */
  readonly readSubscriptions?: (dataDir: string | undefined) => readonly NamedSubscription[];
}

/** Rows per page while looking through the history for the subscriptions of a topic name (the store's maximum). */
const SCAN_PAGE = 500;

function refKey(ref: SubscriptionRef): string {
  return `${ref.server}/${ref.topic}`;
}

/** Every stored subscription whose topic is `name`, plus the settings' subscriptions with that topic or name. */
function subscriptionsNamed(
  history: ReadableHistory,
  name: string,
  known: readonly NamedSubscription[],
): SubscriptionRef[] {
  const found = new Map<string, SubscriptionRef>();
  const lowerName = name.toLowerCase();
  for (const subscription of known) {
    if (subscription.topic === name || subscription.displayName?.toLowerCase() === lowerName) {
      found.set(refKey(subscription), { server: subscription.server, topic: subscription.topic });
    }
  }
  // The history has no list of its subscriptions: page through it (bounded by retention, 10,000 per topic).
  let page = history.listMessages({ limit: SCAN_PAGE });
  for (;;) {
    for (const stored of page.messages) {
      const ref = { server: stored.server, topic: stored.message.topic };
      if (ref.topic === name) found.set(refKey(ref), ref);
    }
    if (page.next === undefined) break;
    page = history.listMessages({ limit: SCAN_PAGE, before: page.next });
  }
  return [...found.values()];
}

type Resolved = { readonly ok: true; readonly ref?: SubscriptionRef } | { readonly ok: false; readonly error: string };

function resolveTopic(
  history: ReadableHistory,
  choice: TopicChoice | undefined,
  known: readonly NamedSubscription[],
): Resolved {
  if (choice === undefined) return { ok: true };
  if (choice.kind === 'url') return { ok: true, ref: { server: choice.server, topic: choice.topic } };
  const refs = subscriptionsNamed(history, choice.name, known);
  const [ref, ...more] = refs;
  if (ref === undefined) return { ok: false, error: t('cli.history.no-topic', { name: choice.name }) };
  if (more.length > 0) {
    const urls = refs.map(refKey).sort().join(', ');
    return { ok: false, error: t('cli.history.ambiguous-topic', { name: choice.name, count: refs.length, urls }) };
  }
  return { ok: true, ref };
}

function list(history: ReadableHistory, args: HistoryArgs, ref: SubscriptionRef | undefined): readonly StoredMessage[] {
  const filter = {
    ...(ref === undefined ? {} : { subscription: ref }),
    ...(args.unread ? { unreadOnly: true } : {}),
  };
  return args.search === undefined
    ? history.listMessages({ ...filter, limit: args.limit }).messages
    : history.search({ ...filter, text: args.search, limit: Math.min(args.limit, 200) });
}

export async function runHistory(args: readonly string[], io: HistoryIo): Promise<number> {
  const parsed = parseHistoryArgs(args);
  if (parsed.ok === 'help') {
    io.stdout(`${historyUsage()}\n`);
    return EXIT.ok;
  }
  if (!parsed.ok) {
    io.stderr(usageError('history', parsed.error));
    return EXIT.usage;
  }
  let history: ReadableHistory;
  try {
    history = await io.openHistory(parsed.value.dataDir, { readOnly: true });
  } catch (error) {
    // No data folder, no history yet, a newer or older schema, an unreadable file: say which, exit 1 (a wrong
    // --data-dir is the usual cause, so "nothing stored" is not reported as an empty success).
    io.stderr(`${t('cli.run.failed', { name: 'ntfy-tray history', problem: errorMessage(error) })}\n`);
    return EXIT.fatal;
  }
  try {
    const known = parsed.value.topic?.kind === 'name' ? (io.readSubscriptions?.(parsed.value.dataDir) ?? []) : [];
    const resolved = resolveTopic(history, parsed.value.topic, known);
    if (!resolved.ok) {
      io.stderr(`${t('cli.run.failed', { name: 'ntfy-tray history', problem: resolved.error })}\n`);
      return EXIT.fatal;
    }
    const messages = list(history, parsed.value, resolved.ref);
    for (const stored of messages) {
      io.stdout(parsed.value.json ? formatMessageJson(stored.message) : formatMessageLine(stored.message));
    }
    // stdout carries messages only, so a pipe sees nothing; a person at a terminal still learns the search ran.
    if (messages.length === 0) io.stderr(`${t('cli.history.count', { count: 0 })}\n`);
    return EXIT.ok;
  } finally {
    await history.close();
  }
}
