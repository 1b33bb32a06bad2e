import type { cliEn } from './cli.en.ts';
import type { Translation } from './message.ts';

// eslint-disable-next-line @typescript-eslint/no-generated-empty-object-type -- empty until this part's strings move here
export const cliDe: Translation<typeof cliEn> = {};
