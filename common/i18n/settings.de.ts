import type { settingsEn } from './settings.en.ts';
import type { Translation } from './message.ts';

// eslint-disable-next-line @typescript-eslint/no-generated-empty-object-type -- empty until this part's strings move here
export const settingsDe: Translation<typeof settingsEn> = {};
