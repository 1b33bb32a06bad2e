/**
 * A UnifiedPush registration: an app (its D-Bus name), the connection token it chose, and the ntfy topic its endpoint
 * publishes to (docs/protocol.md#unifiedpush). Endpoints are formed as ntfy's Android distributor forms them.
 */
import { randomInt } from 'node:crypto';

/** The connector interface the app registered through: 1 positional, 2 a{sv}. */
export type UnifiedPushVersion = 1 | 2;

export interface PushRegistration {
  readonly token: string;
  /** The app's well-known D-Bus name, where its connector serves `/org/unifiedpush/Connector`. */
  readonly service: string;
  /** What the app said it uses push for (at most 100 bytes); may be empty. */
  readonly description: string;
  readonly version: UnifiedPushVersion;
  /** Normalized base URL of the ntfy server the endpoint is on. */
  readonly server: string;
  /** `up` + 12 random letters and digits. */
  readonly topic: string;
  /** Milliseconds since the epoch. */
  readonly registeredAt: number;
  /** Messages handed to the app since it registered. */
  readonly messages: number;
  readonly lastMessageAt?: number;
}

const TOPIC_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** ntfy's subscriber-based rate limiting applies to topics of exactly this shape (server.go unifiedPushTopicLength). */
const TOPIC_RANDOM_LENGTH = 12;

/** Unguessable: every character from the operating system's cryptographic random source. */
export function newPushTopic(random: (max: number) => number = randomInt): string {
  let topic = 'up';
  for (let index = 0; index < TOPIC_RANDOM_LENGTH; index += 1)
    topic += TOPIC_ALPHABET.charAt(random(TOPIC_ALPHABET.length));
  return topic;
}

export function isPushTopic(topic: string): boolean {
  return /^up[A-Za-z0-9]{12}$/.test(topic);
}

/** ntfy-android's topicUrlUp: `<base URL>/<topic>?up=1`. */
export function endpointOf(registration: Pick<PushRegistration, 'server' | 'topic'>): string {
  return `${registration.server}/${registration.topic}?up=1`;
}
