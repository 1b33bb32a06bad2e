import type { historyEn } from './history.en.ts';
import type { Translation } from './message.ts';

// eslint-disable-next-line @typescript-eslint/no-generated-empty-object-type -- empty until this part's strings move here
export const historyDe: Translation<typeof historyEn> = {};
