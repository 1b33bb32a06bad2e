/**
 * The registrations in the data folder (`unifiedpush/registrations.json`), so apps keep their endpoints across
 * restarts and upgrades. Written whole (store/atomic-file.ts), one write at a time, readable by the
 * owner only (an endpoint is a capability: whoever knows it can push to the app). Entries that do not read as a
 * registration are left out with a warning; a file that is not JSON reads as none (and is kept beside as `.bad`).
 */
import { mkdir, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Logger } from '../ports.ts';
import { writeFileAtomic } from '../store/atomic-file.ts';
import { isPushTopic, type PushRegistration } from './registration.ts';

export const REGISTRATIONS_FILE = 'registrations.json';

export interface RegistrationsFile {
  read(): Promise<PushRegistration[]>;
  write(registrations: readonly PushRegistration[]): Promise<void>;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

function toRegistration(raw: unknown): PushRegistration | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const entry = raw as Record<string, unknown>;
  const { token, service, description, version, server, topic, registeredAt, messages, lastMessageAt } = entry;
  if (!isString(token) || !isString(service) || !isString(description) || !isString(server)) return undefined;
  if (!isString(topic) || !isPushTopic(topic) || (version !== 1 && version !== 2)) return undefined;
  if (!isCount(registeredAt) || !isCount(messages)) return undefined;
  const base = { token, service, description, version, server, topic, registeredAt, messages } as const;
  return isCount(lastMessageAt) ? { ...base, lastMessageAt } : base;
}

function parse(text: string, log: Logger): PushRegistration[] {
  const parsed = JSON.parse(text) as unknown;
  const list = (parsed as { registrations?: unknown } | null)?.registrations;
  if (!Array.isArray(list)) throw new Error('no registrations list');
  const registrations = list.map(toRegistration).filter((entry) => entry !== undefined);
  if (registrations.length < list.length) {
    log.log('warn', 'left out UnifiedPush registrations that do not read as one', {
      count: list.length - registrations.length,
    });
  }
  return registrations;
}

export function createRegistrationsFile(file: string, log: Logger): RegistrationsFile {
  let writing = Promise.resolve();
  return {
    async read() {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      try {
        return parse(text, log);
      } catch (error) {
        log.log('warn', 'the UnifiedPush registrations file is unreadable; starting without', { error: String(error) });
        await rename(file, `${file}.bad`).catch(() => undefined);
        return [];
      }
    },
    write(registrations) {
      const text = `${JSON.stringify({ version: 1, registrations }, null, 2)}\n`;
      const next = writing.then(async () => {
        await mkdir(dirname(file), { recursive: true, mode: 0o700 });
        await writeFileAtomic(file, text, { mode: 0o600 });
      });
      // The next write waits for this one whether or not it worked; this caller still learns of a failure.
      writing = next.catch(() => undefined);
      return next;
    },
  };
}
