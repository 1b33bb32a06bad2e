import type { MessageTable } from './message.ts';

/** Keys start with "cli.". */
export const cliEn = {} as const satisfies MessageTable;
