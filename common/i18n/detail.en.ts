import type { MessageTable } from './message.ts';

/** Keys start with "detail.". */
export const detailEn = {} as const satisfies MessageTable;
