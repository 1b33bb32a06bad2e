import type { MessageTable } from './message.ts';

/** Keys start with "history.". */
export const historyEn = {} as const satisfies MessageTable;
