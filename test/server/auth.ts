/**
 * Authentication and topic access like an ntfy server with an auth file (docs/protocol.md#authentication):
 * `Basic` (empty user name = the password is a token), `Bearer` tokens, the `auth=` query parameter (unpadded
 * base64url of the entire header value, overriding the header), user rules before everyone's rules, longest
 * pattern first, then the default access.
 */
import { randomInt } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { AccountStore, tokenAlive } from './account-store.ts';
import { NtfyHttpError, ntfyErrors } from './errors.ts';
import { readQueryParam } from './params.ts';
import type { AuthOptions, Permission, TestUser, TopicAccessRule } from './types.ts';

export type AccessKind = 'read' | 'write';

/** Go's base64.RawURLEncoding: URL-safe alphabet, no padding; a length of 4n+1 cannot be decoded. */
function decodeRawUrlBase64(value: string): Buffer | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(value) || value.length % 4 === 1) return undefined;
  return Buffer.from(value, 'base64url');
}

/** Go's base64.StdEncoding (padded, standard alphabet), as used by Request.BasicAuth. */
function decodeStdBase64(value: string): Buffer | undefined {
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(value)) return undefined;
  return Buffer.from(value, 'base64');
}

/**
 * The Authorization value a request carries: the `authorization`/`auth` query parameter if present (it overrides the
 * header), else the header. A query value that is not unpadded base64url makes ntfy answer 500 (50001).
 * Strings are byte-preserving (Latin-1), like Node's header values.
 */
export function readAuthorization(headers: IncomingHttpHeaders, query: URLSearchParams): string {
  const header = headers.authorization?.trim() ?? '';
  const fromQuery = readQueryParam({ headers, query }, 'authorization', 'auth');
  if (fromQuery === '') return header;
  const decoded = decodeRawUrlBase64(fromQuery);
  if (decoded === undefined) throw new NtfyHttpError(ntfyErrors.internal);
  return decoded.toString('latin1').trim();
}

/** ntfy only tries to authenticate `Basic …` and `Bearer …` values (any case); anything else is anonymous. */
export function carriesCredentials(authorization: string): boolean {
  const lower = authorization.toLowerCase();
  return lower.startsWith('basic ') || lower.startsWith('bearer ');
}

function patternMatches(pattern: string, topic: string): boolean {
  if (!pattern.includes('*')) return pattern === topic;
  const escaped = pattern.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`).test(topic);
}

function permits(permission: Permission, kind: AccessKind): boolean {
  if (permission === 'read-write') return true;
  if (permission === 'read-only') return kind === 'read';
  if (permission === 'write-only') return kind === 'write';
  return false;
}

function longestFirst(rules: readonly TopicAccessRule[] | undefined): TopicAccessRule[] {
  return [...(rules ?? [])].sort((a, b) => b.topic.length - a.topic.length);
}

export class AccessControl {
  /** Per-user account data behind the /v1/account endpoints (account-handler.ts). */
  readonly accounts = new AccountStore();
  readonly #users: ReadonlyMap<string, TestUser>;
  /** Mutable: the account endpoints (account-handler.ts) issue and revoke tokens at runtime. */
  readonly #tokens: Map<string, TestUser>;
  readonly #everyone: readonly TopicAccessRule[];
  readonly #defaultAccess: Permission;
  /** Milliseconds since the epoch, by which issued tokens are dated, extended and expire (AuthOptions.now). */
  readonly now: () => number;
  /** AuthOptions.ignoreRequestedExpiry. */
  readonly ignoreRequestedExpiry: boolean;

  constructor(options: AuthOptions) {
    const users = options.users ?? [];
    this.#users = new Map(users.map((user) => [user.name, user]));
    this.#tokens = new Map(users.flatMap((user) => (user.tokens ?? []).map((token) => [token, user] as const)));
    this.#everyone = longestFirst(options.everyone);
    this.#defaultAccess = options.defaultAccess ?? 'read-write';
    this.now = options.now ?? Date.now;
    this.ignoreRequestedExpiry = options.ignoreRequestedExpiry ?? false;
  }

  /** The user of a token that exists and has not expired by `now` (configured tokens never expire). */
  #tokenUser(token: string): TestUser | undefined {
    const issued = this.accounts.issuedToken(token);
    if (issued !== undefined && !tokenAlive(issued, Math.floor(this.now() / 1000))) return undefined;
    return this.#tokens.get(token);
  }

  /** The user the credentials identify, or undefined when they are wrong (→ 401). */
  authenticate(authorization: string): TestUser | undefined {
    // ntfy checks the "Bearer" prefix case-sensitively; "bearer x" falls through to Basic parsing and fails.
    if (authorization.startsWith('Bearer')) return this.#tokenUser(authorization.slice('Bearer'.length).trim());
    if (authorization.slice(0, 6).toLowerCase() !== 'basic ') return undefined;
    const decoded = decodeStdBase64(authorization.slice(6));
    if (decoded === undefined) return undefined;
    const text = decoded.toString('utf8');
    const colon = text.indexOf(':');
    if (colon < 0) return undefined;
    const name = text.slice(0, colon);
    const password = text.slice(colon + 1);
    if (name === '') return this.#tokenUser(password);
    const user = this.#users.get(name);
    return user !== undefined && user.password === password ? user : undefined;
  }

  /** The token the credentials carry (`Bearer tk_…` or Basic with an empty user), if they carry one. */
  tokenIn(authorization: string): string | undefined {
    if (authorization.startsWith('Bearer')) return authorization.slice('Bearer'.length).trim();
    if (authorization.slice(0, 6).toLowerCase() !== 'basic ') return undefined;
    const text = decodeStdBase64(authorization.slice(6))?.toString('utf8');
    return text?.startsWith(':') === true ? text.slice(1) : undefined;
  }

  addToken(token: string, user: TestUser): void {
    this.#tokens.set(token, user);
  }

  /** Resolves to whether the token existed and belonged to this user (ntfy only lets a user remove their own). */
  removeToken(token: string, user: TestUser): boolean {
    if (this.#tokens.get(token) !== user) return false;
    return this.#tokens.delete(token);
  }

  /** The user's topic rules, everyone's rules: what a reservation is made of (account-store.ts). */
  everyoneRules(): readonly TopicAccessRule[] {
    return this.#everyone;
  }

  authorize(user: TestUser | undefined, topic: string, kind: AccessKind): boolean {
    if (user?.role === 'admin') return true;
    const rules = [...longestFirst(user?.access), ...this.#everyone];
    const rule = rules.find((candidate) => patternMatches(candidate.topic, topic));
    return permits(rule?.permission ?? this.#defaultAccess, kind);
  }
}

/** A random access token in ntfy's format: `tk_` followed by 29 lowercase letters and digits. */
export function generateToken(random: (max: number) => number = randomInt): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let token = 'tk_';
  for (let i = 0; i < 29; i++) token += alphabet.charAt(random(alphabet.length));
  return token;
}
