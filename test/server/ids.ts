/**
 * Random ids the way ntfy makes them: letters and digits, 12 for messages and 10 for actions (its messageIDLength
 * and actionIDLength).
 */
import { randomInt } from 'node:crypto';

const idAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomId(length: number): string {
  let id = '';
  for (let i = 0; i < length; i++) id += idAlphabet.charAt(randomInt(idAlphabet.length));
  return id;
}

export const newMessageId = (): string => randomId(12);
export const newActionId = (): string => randomId(10);
