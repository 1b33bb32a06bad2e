import type { MessageTable } from './message.ts';

/** Keys start with "subscriptions.". */
export const subscriptionsEn = {} as const satisfies MessageTable;
