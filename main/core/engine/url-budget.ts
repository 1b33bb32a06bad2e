/**
 * Splits a group whose subscribe URL would be longer than proxies let through (docs/protocol.md#url-length) into
 * parts that each stay within SUBSCRIBE_URL_BUDGET_BYTES. A group that fits stays the one connection it always was,
 * same key and topic order.
 *
 * The parts depend on the set of topics alone, never on their order or on when they were added: a topic goes by the
 * bits of its SHA-256, and a part that is too long splits in two by the next bit. So the same topics make the same
 * connections after every restart, and adding or removing one topic changes only the part it falls in (which may
 * split or join its sibling) — the others keep running. Resume points are per topic (protocol/resume-key.ts), so a
 * topic that moves to another part resumes where it was.
 */
import { createHash } from 'node:crypto';
import type { SinceValue } from '../protocol/since.ts';
import type { ConnectionSpec } from './connection-types.ts';
import { requestForSpec } from './spec-request.ts';

/** Bytes of a subscribe or poll URL, `since`, filters and `auth=` included (docs/protocol.md#url-length). */
export const SUBSCRIBE_URL_BUDGET_BYTES = 6000;

/** The longest `since` a resume sends: a message id (12 characters; a Unix time has 10 digits). */
const LONGEST_RESUME: SinceValue = { kind: 'id', id: 'A'.repeat(12) };

/** SHA-256 has 256 bits; distinct topics part long before that. */
const MAX_DEPTH = 256;

/**
 * The longest URL a connection with `topics` may request: its stream or a poll (json, `poll=1`), from its start or
 * from a resume. Undefined when no request can be built (an invalid topic): the connection reports that itself.
 */
export function longestRequestBytes(spec: ConnectionSpec, topics: readonly string[]): number | undefined {
  let longest = 0;
  try {
    for (const since of [spec.initialSince, LONGEST_RESUME]) {
      for (const poll of [false, true]) {
        longest = Math.max(longest, Buffer.byteLength(requestForSpec(spec, { topics, since, poll }).url));
      }
    }
  } catch {
    return undefined; // the connection's first attempt says why (a bad request), so nothing is lost here
  }
  return longest;
}

function bitAt(hash: Buffer | undefined, depth: number): number {
  const byte = hash?.[depth >> 3] ?? 0;
  return (byte >> (7 - (depth & 7))) & 1;
}

/** `spec` as one or more specs whose URLs fit `budgetBytes`; a part's key is the group's plus its hash bits. */
export function splitByUrlBudget(spec: ConnectionSpec, budgetBytes = SUBSCRIBE_URL_BUDGET_BYTES): ConnectionSpec[] {
  const hashes = new Map(spec.topics.map((topic) => [topic, createHash('sha256').update(topic).digest()]));
  const parts: ConnectionSpec[] = [];
  const place = (topics: readonly string[], bits: string): void => {
    if (topics.length === 0) return;
    const bytes = longestRequestBytes(spec, topics);
    // One topic cannot be split further: if even it is too long, the server's 414 says so (final-answers.ts).
    if (bytes === undefined || bytes <= budgetBytes || topics.length === 1 || bits.length >= MAX_DEPTH) {
      parts.push(bits === '' ? spec : { ...spec, key: `${spec.key} part ${bits}`, topics });
      return;
    }
    const depth = bits.length;
    place(
      topics.filter((topic) => bitAt(hashes.get(topic), depth) === 0),
      `${bits}0`,
    );
    place(
      topics.filter((topic) => bitAt(hashes.get(topic), depth) === 1),
      `${bits}1`,
    );
  };
  place(spec.topics, '');
  return parts;
}
