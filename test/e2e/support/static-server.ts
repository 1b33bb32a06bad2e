import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface StaticServer {
  /** Base URL ending in '/', e.g. http://127.0.0.1:41234/ */
  readonly url: string;
  close(): Promise<void>;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

function sendStatus(response: ServerResponse, status: number): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(`${status}\n`);
}

/** Resolves a URL path inside root, or undefined when it would escape root. */
function resolveInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined; // malformed %-escape: refused like any other path outside root
  }
  const relative = decoded.replace(/^\/+/, '') || 'index.html';
  const resolved = path.resolve(root, relative);
  return resolved === root || resolved.startsWith(root + path.sep) ? resolved : undefined;
}

/** Serves a built folder (dist/renderer) over HTTP on 127.0.0.1 and a free port; GET and HEAD only. */
export async function serveDirectory(directory: string): Promise<StaticServer> {
  const root = path.resolve(directory);
  const server = createServer((request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      sendStatus(response, 405);
      return;
    }
    const filePath = resolveInside(root, new URL(request.url ?? '/', 'http://localhost').pathname);
    if (filePath === undefined) {
      sendStatus(response, 403);
      return;
    }
    stat(filePath).then(
      (stats) => {
        if (!stats.isFile()) {
          sendStatus(response, 404);
          return;
        }
        const contentType = CONTENT_TYPES[path.extname(filePath)] ?? 'application/octet-stream';
        response.writeHead(200, { 'content-type': contentType, 'content-length': stats.size });
        if (request.method === 'HEAD') response.end();
        else
          createReadStream(filePath)
            .on('error', (error) => response.destroy(error))
            .pipe(response);
      },
      () => {
        sendStatus(response, 404);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => {
          if (error === undefined) resolve();
          else reject(error);
        });
        server.closeAllConnections();
      }),
  };
}
