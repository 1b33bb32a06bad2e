import type { commonEn } from './common.en.ts';
import type { Translation } from './message.ts';

export const commonDe: Translation<typeof commonEn> = {
  'priority.1': 'Minimal',
  'priority.2': 'Niedrig',
  'priority.3': 'Standard',
  'priority.4': 'Hoch',
  'priority.5': 'Dringend',
  'min-priority.1': 'Jede Priorität',
  'min-priority.2': 'Niedrig und höher',
  'min-priority.3': 'Standard und höher',
  'min-priority.4': 'Hoch und höher',
  'min-priority.5': 'Nur dringend',
  'priority-input-help': '1-5 oder {names}',
  'time.just-now': 'gerade eben',
  'bytes.bytes': { one: '{count} Byte', other: '{count} Bytes' },
  'bytes.kb': '{size} KB',
  'bytes.mb': '{size} MB',
  'bytes.gb': '{size} GB',
  'topics.and-more': '{topics} und {count} weitere',
};
