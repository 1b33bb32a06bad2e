/**
 * Image attachments (and icons) of messages, downloaded for popups and the window's preview into a cache directory.
 * A publisher picks the URL, so a download happens only as the user's "download attachments" setting allows (never,
 * from the subscription's own server only, from anywhere; up to a size), only to public addresses except the
 * subscription's own server (checked on every address connected to, again after every redirect:
 * core/net/guarded-request.ts), http(s) only, an image content type, at most `maxBytes` (checked against
 * Content-Length and again while streaming), and written under a name we choose (a hash of the URL plus an image
 * extension) so nothing from the message picks the path. Files are only ever handed on as images: never executed or
 * opened.
 *
 * The cache holds at most `maxTotalBytes`: the least recently used files go first (a file's mtime is its last use).
 * `keepOnly` deletes the files no stored message refers to any more (after deletes and retention).
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { errorMessage } from '../../../common/error-message.ts';
import { type AddressGuard, guardedRequest } from '../net/guarded-request.ts';
import { isFetchableUrl } from './external-url.ts';

/** The largest file the cache takes, whatever the setting says. */
const DEFAULT_MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
const DEFAULT_MAX_CACHE_BYTES = 100 * 1024 * 1024;
const MAX_REDIRECTS = 3;

/** The "download attachments" setting: from where images are fetched without a click. */
type AutoDownloadFrom = 'never' | 'subscription-server' | 'any-server';

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'image/bmp': '.bmp',
};

/** The content type of a file this cache wrote, from the extension it chose; undefined for anything else. */
export function imageTypeOfCachedFile(file: string): string | undefined {
  const extension = path.extname(file).toLowerCase();
  return Object.entries(EXTENSIONS).find(([, known]) => known === extension)?.[0];
}

type DownloadResult =
  | { readonly ok: true; readonly path: string; readonly bytes: number }
  | { readonly ok: false; readonly reason: string };

interface DownloadOptions extends AddressGuard {
  readonly dir: string;
  /** The subscription's server base URL: its origin for `subscription-server`, and whether internal is allowed. */
  readonly server?: string;
  /** Default `any-server`. */
  readonly from?: AutoDownloadFrom;
  readonly maxBytes?: number;
  readonly timeoutMs?: number;
}

function cacheName(url: string, extension = ''): string {
  return `${createHash('sha256').update(url).digest('hex').slice(0, 32)}${extension}`;
}

function originOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export async function downloadImage(url: string, options: DownloadOptions): Promise<DownloadResult> {
  const from = options.from ?? 'any-server';
  if (from === 'never') return { ok: false, reason: 'automatic downloads are off' };
  const checked = isFetchableUrl(url);
  if (!checked.ok) return { ok: false, reason: checked.reason };
  const serverOrigin = originOf(options.server);
  const maxBytes = Math.min(options.maxBytes ?? DEFAULT_MAX_ATTACHMENT_BYTES, DEFAULT_MAX_ATTACHMENT_BYTES);
  const answer = await guardedRequest(checked.url, {
    ...options,
    // Internal addresses only for the subscription's own server (scheme, host and port), wherever its name points,
    // as the subscription itself connects there; any other host must be public, whatever the setting.
    mayReachInternal: (hop) => serverOrigin !== undefined && hop.origin === serverOrigin,
    maxRedirects: MAX_REDIRECTS,
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    checkHop: (hop) =>
      from === 'subscription-server' && hop.origin !== serverOrigin
        ? `${hop.origin} is not the subscription's server`
        : undefined,
  });
  if (!answer.ok) return { ok: false, reason: answer.reason };
  const { response } = answer;
  const refuse = (reason: string): DownloadResult => {
    response.destroy();
    return { ok: false, reason };
  };
  const status = response.statusCode ?? 0;
  if (status < 200 || status > 299) return refuse(`HTTP ${String(status)}`);
  const type = (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const extension = EXTENSIONS[type];
  if (extension === undefined) return refuse(`not an image (${type === '' ? 'no content type' : type})`);
  const declared = Number(response.headers['content-length'] ?? Number.NaN);
  if (declared > maxBytes) return refuse(`larger than ${String(maxBytes)} bytes`);

  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) return refuse(`larger than ${String(maxBytes)} bytes`);
      chunks.push(chunk);
    }
  } catch (error) {
    return refuse(errorMessage(error));
  }
  await mkdir(options.dir, { recursive: true });
  const target = path.join(options.dir, cacheName(checked.url, extension));
  const partial = `${target}.${String(process.pid)}.part`;
  try {
    await writeFile(partial, Buffer.concat(chunks), { mode: 0o600 });
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    return { ok: false, reason: errorMessage(error) };
  }
  return { ok: true, path: target, bytes: size };
}

export interface AttachmentCacheOptions extends AddressGuard {
  readonly dir: string;
  /** Default 100 MiB. */
  readonly maxTotalBytes?: number;
  /** Milliseconds since the epoch, for last-use times (tests pass a ManualClock's). */
  readonly now?: () => number;
  readonly timeoutMs?: number;
}

export interface CacheRequest {
  readonly server: string;
  readonly from: AutoDownloadFrom;
  readonly maxBytes: number;
}

/** The cache directory with its size cap; one download per URL at a time. */
export class AttachmentCache {
  readonly #options: AttachmentCacheOptions;
  readonly #inFlight = new Map<string, Promise<DownloadResult>>();

  constructor(options: AttachmentCacheOptions) {
    this.#options = options;
  }

  /** The cached file of `url`, if there is one (its last use is now); never fetches. */
  async cached(url: string): Promise<string | undefined> {
    const checked = isFetchableUrl(url);
    if (!checked.ok) return undefined;
    const prefix = cacheName(checked.url);
    let names: string[];
    try {
      names = await readdir(this.#options.dir);
    } catch {
      return undefined;
    }
    const name = names.find((candidate) => candidate.startsWith(prefix) && !candidate.endsWith('.part'));
    if (name === undefined) return undefined;
    const file = path.join(this.#options.dir, name);
    await this.#touch(file);
    return file;
  }

  /** The cached file, else a download as `request` allows; then the least recently used files over the cap go. */
  async get(url: string, request: CacheRequest): Promise<DownloadResult> {
    const cached = await this.cached(url);
    if (cached !== undefined) return { ok: true, path: cached, bytes: (await stat(cached)).size };
    const running = this.#inFlight.get(url);
    if (running !== undefined) return running;
    const download = this.#download(url, request).finally(() => this.#inFlight.delete(url));
    this.#inFlight.set(url, download);
    return download;
  }

  /** Deletes every cached file whose URL is not in `urls` (the attachments stored messages still have). */
  async keepOnly(urls: Iterable<string>): Promise<number> {
    const keep = new Set(
      [...urls].map((url) => {
        const checked = isFetchableUrl(url);
        return checked.ok ? cacheName(checked.url) : '';
      }),
    );
    let removed = 0;
    for (const { name } of await this.#files()) {
      if (keep.has(name.slice(0, 32))) continue;
      await rm(path.join(this.#options.dir, name), { force: true });
      removed++;
    }
    return removed;
  }

  async #download(url: string, request: CacheRequest): Promise<DownloadResult> {
    const result = await downloadImage(url, {
      ...this.#options,
      server: request.server,
      from: request.from,
      maxBytes: request.maxBytes,
    });
    if (result.ok) {
      await this.#touch(result.path);
      await this.#evict(result.path);
    }
    return result;
  }

  async #touch(file: string): Promise<void> {
    const now = new Date(this.#options.now?.() ?? Date.now());
    await utimes(file, now, now).catch(() => undefined); // gone meanwhile: nothing to mark
  }

  async #files(): Promise<{ readonly name: string; readonly bytes: number; readonly usedAt: number }[]> {
    let names: string[];
    try {
      names = await readdir(this.#options.dir);
    } catch {
      return [];
    }
    const files = await Promise.all(
      names.map(async (name) => {
        const info = await stat(path.join(this.#options.dir, name)).catch(() => undefined);
        return info === undefined ? undefined : { name, bytes: info.size, usedAt: info.mtimeMs };
      }),
    );
    return files.filter((file) => file !== undefined);
  }

  /** Least recently used out until the cache fits; `keep` (just downloaded) stays. */
  async #evict(keep: string): Promise<void> {
    const max = this.#options.maxTotalBytes ?? DEFAULT_MAX_CACHE_BYTES;
    const files = (await this.#files()).sort((a, b) => a.usedAt - b.usedAt);
    let total = files.reduce((sum, file) => sum + file.bytes, 0);
    for (const file of files) {
      if (total <= max) return;
      if (path.join(this.#options.dir, file.name) === keep) continue;
      await rm(path.join(this.#options.dir, file.name), { force: true });
      total -= file.bytes;
    }
  }
}
