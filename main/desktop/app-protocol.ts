/**
 * The window's page is served from `app://ntfy-tray/`, a privileged custom scheme, instead of `file://`: Electron's
 * security checklist (https://www.electronjs.org/docs/latest/tutorial/security#18-avoid-usage-of-the-file-protocol-and-prefer-usage-of-custom-protocols)
 * asks for it, and it lets the "extra file: privileges" fuse go off (electron-builder.yml). A file: page may read
 * any file its process can; this scheme answers only for files under one folder (dist/renderer).
 *
 * resolveAppRequest is the whole decision (URL → file or refusal) and pure; createAppProtocolHandler adds the two
 * reads it needs (where a path really leads, the bytes), passed in so tests run it on real folders under Node.
 */
import path from 'node:path';
import type { Logger } from '../core/ports.ts';

const APP_SCHEME = 'app';
const APP_HOST = 'ntfy-tray';
/** The page's origin: what the renderer's CSP calls 'self' and what the IPC sender check accepts. */
const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/**
 * For protocol.registerSchemesAsPrivileged (before 'ready'; https://www.electronjs.org/docs/latest/api/protocol).
 * standard: relative URLs resolve (Vite's `./assets/…`) and the page has a real origin, so 'self' and the module
 * scripts' same-origin CORS check work. secure: a secure context, as the file: page was. supportFetchAPI: module
 * scripts and `import()` of lazy chunks are fetched in `cors` mode; same-origin only, since corsEnabled stays off
 * (no other origin may read these files). No bypassCSP: the page's CSP applies as written.
 */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
} as const;

/**
 * Our own table, not the platform's: net.fetch on a file: URL takes the type from the OS, and a Windows registry
 * that maps `.js` to text/plain makes Chromium refuse every module script (strict MIME checking).
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

type AppRequestTarget =
  | { readonly ok: true; readonly filePath: string; readonly contentType: string }
  | { readonly ok: false; readonly reason: string };

/** The URL the window loads for the page file `pageFile` (e.g. `index.html`) of the served folder. */
export function appPageUrl(pageFile: string): string {
  return `${APP_ORIGIN}/${encodeURIComponent(pageFile)}`;
}

function refuse(reason: string): AppRequestTarget {
  return { ok: false, reason };
}

/**
 * Which file of `rootDir` a request URL names, or why none. Each path segment is decoded on its own and must be a
 * plain name: a decoded `/`, `\`, `:` (drive letters, NTFS streams), NUL, `.`, `..` or an empty segment (`//x`)
 * is refused, so no spelling of a path can climb out of the folder or name an absolute one. Chromium has already
 * removed literal dot segments and turned `\` into `/` for a standard scheme; this does not rely on it. Only the
 * file types of the table are served. Symlinks are the handler's part (they need the disk).
 */
export function resolveAppRequest(url: string, rootDir: string): AppRequestTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Chromium hands the handler only URLs it parsed; anything else is refused like a missing file.
    return refuse('not a URL');
  }
  if (parsed.protocol !== `${APP_SCHEME}:`) return refuse('another scheme');
  // Chromium lower-cases the host of a standard scheme; anything else is another (unknown) host.
  if (parsed.hostname !== APP_HOST || parsed.port !== '' || parsed.username !== '' || parsed.password !== '')
    return refuse('unknown host');
  const segments: string[] = [];
  for (const raw of parsed.pathname.slice(1).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return refuse('malformed escape');
    }
    if (segment === '' || segment === '.' || segment === '..' || /[/\\:\0]/.test(segment))
      return refuse('not a plain path');
    segments.push(segment);
  }
  const contentType = CONTENT_TYPES[path.extname(segments.at(-1) ?? '').toLowerCase()];
  if (contentType === undefined) return refuse('file type not served');
  return { ok: true, filePath: path.join(rootDir, ...segments), contentType };
}

interface AppProtocolOptions {
  /** Absolute path of the served folder (dist/renderer); it may lie inside app.asar. */
  readonly rootDir: string;
  /** Where a path really leads (fs.realpath; Electron's fs follows paths into app.asar). Rejects if it is missing. */
  readonly realpath: (filePath: string) => Promise<string>;
  /** The file's bytes (fs.readFile; Electron's fs reads inside app.asar). */
  readonly readFile: (filePath: string) => Promise<Uint8Array>;
  readonly log: Logger;
}

function isInside(folder: string, candidate: string): boolean {
  const relative = path.relative(folder, candidate);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** 404 for every refusal: the page learns nothing about what exists outside the folder. */
function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

/** The handler for protocol.handle(APP_SCHEME, …): the file a GET or HEAD names, or 404. */
export function createAppProtocolHandler(options: AppProtocolOptions): (request: Request) => Promise<Response> {
  const { log } = options;
  let realRoot: Promise<string> | undefined;
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
    }
    const target = resolveAppRequest(request.url, options.rootDir);
    if (!target.ok) {
      log.log('warn', 'refused an app:// request', { url: request.url, reason: target.reason });
      return notFound();
    }
    let bytes: Uint8Array;
    try {
      realRoot ??= options.realpath(options.rootDir);
      // A symlink inside the folder may point anywhere; what counts is where it leads.
      const realFile = await options.realpath(target.filePath);
      if (!isInside(await realRoot, realFile)) {
        log.log('warn', 'refused an app:// request', { url: request.url, reason: 'leads outside the folder' });
        return notFound();
      }
      bytes = await options.readFile(realFile);
    } catch (error) {
      // Usually a missing file (a stale chunk name); logged because a real read error looks the same to the page.
      log.log('warn', 'app:// file not served', { url: request.url, error: String(error) });
      realRoot = undefined;
      return notFound();
    }
    const headers = { 'Content-Type': target.contentType, 'X-Content-Type-Options': 'nosniff' };
    return new Response(request.method === 'HEAD' ? null : bytes, { status: 200, headers });
  };
}

/** The two calls of Electron's `protocol` module this file needs (the real module fits; see main/index.ts). */
export interface ProtocolHandle {
  registerSchemesAsPrivileged(schemes: (typeof APP_SCHEME_PRIVILEGES)[]): void;
  handle(scheme: string, handler: (request: Request) => Promise<Response>): void;
}

/** Before 'ready' (Electron refuses it later, and it may be called only once per process). */
export function registerAppScheme(protocol: ProtocolHandle): void {
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
}

/** After 'ready', before the window loads. */
export function serveAppFolder(protocol: ProtocolHandle, options: AppProtocolOptions): void {
  protocol.handle(APP_SCHEME, createAppProtocolHandler(options));
}
