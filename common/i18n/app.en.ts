import type { MessageTable } from './message.ts';

/** Keys start with "app.". */
export const appEn = {} as const satisfies MessageTable;
