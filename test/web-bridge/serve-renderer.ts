/**
 * HTTP side of the dev:web server: the built renderer (dist/renderer) as it is, except index.html, which gets the
 * bridge script ahead of the app's module script. The page's CSP stays as built: /bridge.js is same-origin
 * ('self'), and so is the WebSocket (connect-src 'self' matches ws: on the page's own host and port).
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { BRIDGE_SCRIPT_PATH } from './protocol.ts';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** The built index.html with the bridge as the first script: a classic script runs before deferred module scripts. */
export function injectBridgeScript(indexHtml: string): string {
  const firstScript = indexHtml.indexOf('<script');
  if (firstScript === -1) throw new Error('dist/renderer/index.html has no <script>; build the renderer first');
  const tag = `<script src=".${BRIDGE_SCRIPT_PATH}"></script>\n    `;
  return indexHtml.slice(0, firstScript) + tag + indexHtml.slice(firstScript);
}

/** A URL path inside root, or undefined when it would escape root or is malformed. */
function resolveInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined; // malformed %-escape: refused like any other path outside root
  }
  const resolved = path.resolve(root, decoded.replace(/^\/+/, ''));
  return resolved.startsWith(root + path.sep) ? resolved : undefined;
}

function send(response: ServerResponse, status: number, contentType: string, body: string | Buffer): void {
  // no-store: a rebuilt renderer or bridge must never be served stale from the browser cache.
  response.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body);
}

export interface RendererFiles {
  readonly rendererDir: string;
  readonly indexHtml: string;
  readonly bridgeScript: string;
}

export async function loadRendererFiles(rendererDir: string, bridgeScript: string): Promise<RendererFiles> {
  const indexHtml = injectBridgeScript(await readFile(path.join(rendererDir, 'index.html'), 'utf8'));
  return { rendererDir: path.resolve(rendererDir), indexHtml, bridgeScript };
}

/** GET/HEAD only; everything else is 405. */
export async function serveRendererRequest(
  files: RendererFiles,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    send(response, 405, 'text/plain; charset=utf-8', '405\n');
    return;
  }
  const urlPath = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
  if (urlPath === '/' || urlPath === '/index.html') {
    send(response, 200, CONTENT_TYPES['.html'] ?? '', files.indexHtml);
    return;
  }
  if (urlPath === BRIDGE_SCRIPT_PATH) {
    send(response, 200, CONTENT_TYPES['.js'] ?? '', files.bridgeScript);
    return;
  }
  const filePath = resolveInside(files.rendererDir, urlPath);
  if (filePath === undefined) {
    send(response, 403, 'text/plain; charset=utf-8', '403\n');
    return;
  }
  let body: Buffer;
  try {
    body = await readFile(filePath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'EISDIR') throw error;
    send(response, 404, 'text/plain; charset=utf-8', '404\n');
    return;
  }
  send(response, 200, CONTENT_TYPES[path.extname(filePath)] ?? 'application/octet-stream', body);
}
