import type { MessageTable } from './message.ts';

/** Words used by more than one part of the app: priorities and the minimum-priority choices. */
export const commonEn = {
  'priority.1': 'Min',
  'priority.2': 'Low',
  'priority.3': 'Default',
  'priority.4': 'High',
  'priority.5': 'Urgent',
  'min-priority.1': 'Any priority',
  'min-priority.2': 'Low and above',
  'min-priority.3': 'Default and above',
  'min-priority.4': 'High and above',
  'min-priority.5': 'Urgent only',
  'priority-input-help': '1-5 or {names}',
  'time.just-now': 'just now',
  'bytes.bytes': { one: '{count} byte', other: '{count} bytes' },
  'bytes.kb': '{size} KB',
  'bytes.mb': '{size} MB',
  'bytes.gb': '{size} GB',
  'topics.and-more': '{topics} and {count} more',
} as const satisfies MessageTable;
