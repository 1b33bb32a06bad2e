/**
 * Electron's `protocol` module (https://www.electronjs.org/docs/latest/api/protocol) for standard schemes, on
 * Debian's headless Chromium, which knows no custom scheme: Playwright's routing sees only the network requests
 * Chromium makes, and Chromium refuses an unknown scheme before any request exists.
 *
 * So each origin of a handled scheme (`app://ntfy-tray`) gets its own HTTP origin on 127.0.0.1 (a port of its own),
 * whose every request is turned back into a real `Request` for the original URL and answered by the app's own
 * handler. The windows load the mapped URL and report the original one: `webContents.getURL()`, the window records
 * and `senderFrame.url` say `app://ntfy-tray/…`, as in Electron. A loopback http: origin is a secure context with
 * an origin of its own, as a standard, secure custom scheme is, so the page's CSP ('self') and module scripts
 * behave alike. URLs of the scheme written into a page (an `<img src="app://…">`) are not mapped: the app's page
 * uses relative URLs only.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { CustomScheme } from 'electron';

export type ProtocolHandler = (request: Request) => Response | Promise<Response>;

interface MappedOrigin {
  /** `app://ntfy-tray` */
  readonly origin: string;
  /** `http://127.0.0.1:<port>` */
  readonly pageOrigin: string;
  readonly server: Server;
}

export interface CustomProtocolRuntime {
  isReady(): boolean;
  /** A failure inside a handler or the HTTP origin, kept for the test to see. */
  reportError(message: string): void;
}

/** Headers of the page's request the handler gets (hop-by-hop ones and Host describe the stand-in's HTTP, not it). */
const FORWARDED_HEADERS = ['accept', 'accept-language', 'range', 'if-none-match', 'if-modified-since'];

export class CustomProtocolStandIn {
  readonly #runtime: CustomProtocolRuntime;
  #privileged: readonly CustomScheme[] | undefined;
  readonly #handlers = new Map<string, ProtocolHandler>();
  /** By origin (`app://ntfy-tray`); started on the first load of a URL of that origin. */
  readonly #origins = new Map<string, Promise<MappedOrigin>>();
  /** By page origin (`http://127.0.0.1:<port>`), once started. */
  readonly #byPageOrigin = new Map<string, MappedOrigin>();

  constructor(runtime: CustomProtocolRuntime) {
    this.#runtime = runtime;
  }

  /** Electron: only before 'ready', and only once per process. */
  registerSchemesAsPrivileged(customSchemes: CustomScheme[]): void {
    if (this.#runtime.isReady())
      throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
    if (this.#privileged !== undefined)
      throw new Error('protocol.registerSchemesAsPrivileged may be called only once (Electron 45 docs)');
    this.#privileged = customSchemes.map((entry) => ({ ...entry, privileges: { ...entry.privileges } }));
  }

  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void {
    if (!this.#runtime.isReady()) throw new Error('protocol.handle can only be used after app is ready');
    if (this.#handlers.has(scheme)) throw new Error(`Failed to register protocol: ${scheme}`);
    // Strict where the stand-in cannot follow Electron: a non-standard scheme has no origin to map to one.
    if (this.#privileged?.find((entry) => entry.scheme === scheme)?.privileges?.standard !== true)
      throw new Error(`the electron stand-in serves only schemes registered as standard; '${scheme}' is not`);
    this.#handlers.set(scheme, handler);
  }

  unhandle(scheme: string): void {
    this.#handlers.delete(scheme);
  }

  isProtocolHandled(scheme: string): boolean {
    return this.#handlers.has(scheme);
  }

  /** The privileges the app registered (for tests that check them). */
  privileged(): readonly CustomScheme[] {
    return this.#privileged ?? [];
  }

  /**
   * The URL a window's page loads for `url`: itself unless its scheme is handled here, else the same path on its
   * origin's HTTP stand-in. Rejects as Electron does for a registered scheme without a handler.
   */
  async pageUrlFor(url: string): Promise<string> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return url;
    }
    const scheme = parsed.protocol.slice(0, -1);
    if (!this.#handlers.has(scheme)) {
      if (this.privileged().some((entry) => entry.scheme === scheme))
        throw new Error(`ERR_UNKNOWN_URL_SCHEME (-302) loading '${url}': no handler for '${scheme}'`);
      return url;
    }
    const origin = `${scheme}://${parsed.host}`;
    let mapped = this.#origins.get(origin);
    if (mapped === undefined) {
      mapped = this.#startOrigin(scheme, origin);
      this.#origins.set(origin, mapped);
    }
    return `${(await mapped).pageOrigin}${parsed.pathname}${parsed.search}${parsed.hash}`;
  }

  /** What Electron would report for a URL the page has (`http://127.0.0.1:<port>/x` → `app://ntfy-tray/x`). */
  appUrlOf(pageUrl: string): string {
    let parsed: URL;
    try {
      parsed = new URL(pageUrl);
    } catch {
      return pageUrl;
    }
    const mapped = this.#byPageOrigin.get(parsed.origin);
    return mapped === undefined ? pageUrl : `${mapped.origin}${parsed.pathname}${parsed.search}${parsed.hash}`;
  }

  async close(): Promise<void> {
    const started = await Promise.allSettled(this.#origins.values());
    await Promise.all(
      started.map(async (result) => {
        if (result.status !== 'fulfilled') return;
        result.value.server.close();
        result.value.server.closeAllConnections();
        await once(result.value.server, 'close');
      }),
    );
  }

  async #startOrigin(scheme: string, origin: string): Promise<MappedOrigin> {
    const server = createServer((incoming, outgoing) => {
      this.#answer(scheme, origin, incoming, outgoing).catch((error: unknown) => {
        this.#runtime.reportError(`protocol handler for ${origin}${incoming.url ?? ''} failed: ${String(error)}`);
        if (!outgoing.headersSent) outgoing.writeHead(500);
        outgoing.end();
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('the protocol stand-in has no TCP port');
    const mapped = { origin, pageOrigin: `http://127.0.0.1:${String(address.port)}`, server };
    this.#byPageOrigin.set(mapped.pageOrigin, mapped);
    return mapped;
  }

  /** One page request → a real Request for the original URL → the app's handler → its Response, as it is. */
  async #answer(scheme: string, origin: string, incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const handler = this.#handlers.get(scheme);
    if (handler === undefined) {
      // Unhandled since the page loaded: Electron fails the request the same way.
      outgoing.writeHead(404).end();
      return;
    }
    const headers = new Headers();
    for (const name of FORWARDED_HEADERS) {
      const value = incoming.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    const request = new Request(`${origin}${incoming.url ?? '/'}`, { method: incoming.method ?? 'GET', headers });
    const response = await handler(request);
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      responseHeaders[name] = value;
    });
    outgoing.writeHead(response.status, responseHeaders);
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  }
}
