import { t } from '../../common/i18n/translate.ts';
import type { FiltersDto, PriorityDto, SubscriptionDto, SubscriptionInput, TransportDto } from '../../common/ipc.ts';

/** The editor's fields as typed: lists are comma-separated text until saved. */
export interface SubscriptionDraft {
  readonly server: string;
  readonly topic: string;
  readonly displayName: string;
  readonly transport: TransportDto;
  readonly filterMessage: string;
  readonly filterTitle: string;
  readonly filterPriority: string;
  readonly filterTags: string;
  /** A message-id filter the editor does not show; kept so saving does not drop it. */
  readonly filterId: string | undefined;
  readonly muted: boolean;
  readonly minPriority: PriorityDto;
  /** Run by main for each message; empty: none. */
  readonly command: string;
}

/**
 * What the editor offers. No `raw`: the core refuses it (it has no ids, titles, priorities or catch-up, and the
 * server's JSON stream carries the same messages with all of that); only the headless CLI keeps it for scripts.
 */
export function transportOptions(): readonly { readonly value: TransportDto; readonly label: string }[] {
  return [
    { value: 'json', label: t('subscriptions.advanced.transport-json') },
    { value: 'sse', label: t('subscriptions.advanced.transport-sse') },
    { value: 'ws', label: t('subscriptions.advanced.transport-ws') },
  ];
}

export function transportName(transport: TransportDto): string {
  return transportOptions().find((option) => option.value === transport)?.label ?? transport;
}

/** `"high, urgent,"` → `['high', 'urgent']`: trimmed, blanks dropped. */
export function parseList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export function formatList(list: readonly string[] | undefined): string {
  return (list ?? []).join(', ');
}

export function emptyDraft(server: string): SubscriptionDraft {
  return {
    server,
    topic: '',
    displayName: '',
    transport: 'json',
    filterMessage: '',
    filterTitle: '',
    filterPriority: '',
    filterTags: '',
    filterId: undefined,
    muted: false,
    minPriority: 1,
    command: '',
  };
}

export function draftFromSubscription(subscription: SubscriptionDto): SubscriptionDraft {
  const { filters } = subscription;
  return {
    server: subscription.server,
    topic: subscription.topic,
    displayName: subscription.displayName ?? '',
    transport: subscription.transport,
    filterMessage: filters.message ?? '',
    filterTitle: filters.title ?? '',
    filterPriority: formatList(filters.priority),
    filterTags: formatList(filters.tags),
    filterId: filters.id,
    muted: subscription.muted,
    minPriority: subscription.minPriority,
    command: subscription.command ?? '',
  };
}

function filtersOf(draft: SubscriptionDraft): FiltersDto {
  const message = draft.filterMessage.trim();
  const title = draft.filterTitle.trim();
  const priority = parseList(draft.filterPriority);
  const tags = parseList(draft.filterTags);
  return {
    ...(draft.filterId === undefined ? {} : { id: draft.filterId }),
    ...(message === '' ? {} : { message }),
    ...(title === '' ? {} : { title }),
    ...(priority.length === 0 ? {} : { priority }),
    ...(tags.length === 0 ? {} : { tags }),
  };
}

/** What `saveSubscription` and `testSubscription` get; `id` when editing. Empty filters are left out. */
export function draftToInput(draft: SubscriptionDraft, id: string | undefined): SubscriptionInput {
  const displayName = draft.displayName.trim();
  return {
    ...(id === undefined ? {} : { id }),
    server: draft.server.trim(),
    topic: draft.topic.trim(),
    ...(displayName === '' ? {} : { displayName }),
    transport: draft.transport,
    filters: filtersOf(draft),
    muted: draft.muted,
    minPriority: draft.minPriority,
    // Always sent: '' removes a saved command.
    command: draft.command.trim(),
  };
}
