import type { MessageTable } from './message.ts';

/** Keys start with "rules.". */
export const rulesEn = {} as const satisfies MessageTable;
