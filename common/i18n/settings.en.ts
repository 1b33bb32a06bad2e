import type { MessageTable } from './message.ts';

/** Keys start with "settings.". */
export const settingsEn = {} as const satisfies MessageTable;
