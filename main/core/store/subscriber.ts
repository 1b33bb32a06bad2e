/**
 * Who receives with a data folder. The app and any number of command-line runs may subscribe with one folder at
 * the same time: messages are stored once, but each subscriber has deliveries and resume points of its own
 * (history schema 6), so none of them skips what another stored and each gets every message of its topics once.
 *
 * - The app is the subscriber `''`: its resume points keep the keys they had before subscribers existed.
 * - A command-line run is identified by its topic set (every topic with its server, filters, identity and
 *   scheduled flag: the resume keys) and a slot: the first run of a topic set takes slot 0, a second one at the
 *   same time slot 1, and so on. A slot is held by an SQLite lock file that the operating system releases when its
 *   process ends in any way (kill -9 included), so a restarted run takes its slot back and resumes where it stopped.
 *   Two runs at once never share a slot, so they never split the messages between them.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { holdLockFile, isBusy } from './data-dir-lock.ts';

export interface Subscriber {
  /** Stored with each delivery; '' for the app. */
  readonly id: string;
  /** The stored key of one of its resume points (protocol/resume-key.ts). */
  resumeKey(key: string): string;
}

export const APP_SUBSCRIBER: Subscriber = { id: '', resumeKey: (key) => key };

/** A run's stored name: never a topic or user name in clear, only a hash of its resume keys. */
export function runName(resumeKeys: readonly string[]): string {
  const hash = createHash('sha256');
  for (const key of [...new Set(resumeKeys)].sort()) hash.update(`${key}\n`);
  return `cli-${hash.digest('hex').slice(0, 16)}`;
}

export function commandLineSubscriber(name: string, slot: number): Subscriber {
  const id = `${name}#${String(slot)}`;
  // App keys start with the server URL, so `cli-…#n ` cannot collide with them.
  return { id, resumeKey: (key) => `${id} ${key}` };
}

/** Where the slot locks live, beside the history. */
const SUBSCRIBERS_DIR_NAME = 'subscribers';
/** More runs of one topic set at once than anyone starts on purpose: a loop gone wrong, refused. */
const MAX_SLOTS = 64;

type SubscriberSlot =
  | { readonly ok: true; readonly subscriber: Subscriber; readonly slot: number; readonly release: () => void }
  | { readonly ok: false; readonly error: unknown };

/** Takes the lowest free slot of the run `name` in `dataDir`. */
export function takeSubscriberSlot(dataDir: string, name: string, pid: number): SubscriberSlot {
  try {
    const dir = join(dataDir, SUBSCRIBERS_DIR_NAME);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    for (let slot = 0; slot < MAX_SLOTS; slot++) {
      const held = tryHold(join(dir, `${name}.${String(slot)}.lock`), pid);
      if (held === undefined) continue;
      return {
        ok: true,
        subscriber: commandLineSubscriber(name, slot),
        slot,
        release: () => {
          if (held.isOpen) held.close();
        },
      };
    }
    return { ok: false, error: new Error(`all ${String(MAX_SLOTS)} slots of this topic set are in use`) };
  } catch (error) {
    return { ok: false, error };
  }
}

function tryHold(path: string, pid: number): DatabaseSync | undefined {
  try {
    return holdLockFile(path, pid);
  } catch (error) {
    if (isBusy(error)) return undefined;
    throw error;
  }
}
