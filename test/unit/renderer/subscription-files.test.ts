import { x } from '../../../renderer/settings/subscription-files.ts';
export const y = x;
