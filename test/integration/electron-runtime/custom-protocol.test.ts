/**
 * The test runtime's `protocol` stand-in on its own (test/electron-runtime/custom-protocol.ts): Electron's rules on
 * when each call is allowed, and the loopback origin that carries a page's requests to the app's handler as real
 * `Request`s for the app:// URL and reports app:// URLs back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CustomProtocolStandIn } from '../../electron-runtime/custom-protocol.ts';

const APP_SCHEME = { scheme: 'app', privileges: { standard: true, secure: true } };

let ready = false;
const errors: string[] = [];
let protocol: CustomProtocolStandIn | undefined;

function createProtocol(): CustomProtocolStandIn {
  ready = false;
  errors.length = 0;
  protocol = new CustomProtocolStandIn({
    isReady: () => ready,
    reportError: (message) => errors.push(message),
  });
  return protocol;
}

afterEach(async () => {
  await protocol?.close();
  protocol = undefined;
});

describe('protocol stand-in', () => {
  it('allows registerSchemesAsPrivileged once and only before ready, handle only after it', () => {
    const standIn = createProtocol();
    expect(() => {
      standIn.handle('app', () => new Response('x'));
    }).toThrow(/after app is ready/);
    standIn.registerSchemesAsPrivileged([APP_SCHEME]);
    expect(() => {
      standIn.registerSchemesAsPrivileged([APP_SCHEME]);
    }).toThrow(/only once/);
    ready = true;
    standIn.handle('app', () => new Response('x'));
    expect(standIn.isProtocolHandled('app')).toBe(true);
    expect(() => {
      standIn.handle('app', () => new Response('y'));
    }).toThrow(/Failed to register protocol: app/);

    const late = createProtocol();
    ready = true;
    expect(() => {
      late.registerSchemesAsPrivileged([APP_SCHEME]);
    }).toThrow(/before app is ready/);
    // A scheme that was never registered as standard has no origin the stand-in could map.
    expect(() => {
      late.handle('app', () => new Response('x'));
    }).toThrow(/registered as standard/);
  });

  it("carries a page's request to the handler as a Request for the app:// URL and maps the page URL back", async () => {
    const standIn = createProtocol();
    standIn.registerSchemesAsPrivileged([APP_SCHEME]);
    ready = true;
    const seen: string[] = [];
    standIn.handle('app', (request) => {
      seen.push(`${request.method} ${request.url}`);
      return new Response('<p>hi</p>', { status: 203, headers: { 'Content-Type': 'text/html' } });
    });

    const pageUrl = await standIn.pageUrlFor('app://ntfy-tray/index.html?x=1#/history');
    expect(pageUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/index\.html\?x=1#\/history$/);
    const response = await fetch(pageUrl);
    expect([response.status, response.headers.get('content-type'), await response.text()]).toEqual([
      203,
      'text/html',
      '<p>hi</p>',
    ]);
    expect(seen).toEqual(['GET app://ntfy-tray/index.html?x=1']);
    expect(standIn.appUrlOf(pageUrl)).toBe('app://ntfy-tray/index.html?x=1#/history');
    // Another host of the scheme is another origin; other URLs pass through untouched.
    expect(new URL(await standIn.pageUrlFor('app://other/index.html')).origin).not.toBe(new URL(pageUrl).origin);
    expect(await standIn.pageUrlFor('file:///tmp/x.html')).toBe('file:///tmp/x.html');
    expect(standIn.appUrlOf('http://127.0.0.1:1/index.html')).toBe('http://127.0.0.1:1/index.html');
    expect(errors).toEqual([]);
  });

  it('refuses to load a registered scheme that has no handler, as Electron does', async () => {
    const standIn = createProtocol();
    standIn.registerSchemesAsPrivileged([APP_SCHEME]);
    ready = true;

    await expect(standIn.pageUrlFor('app://ntfy-tray/index.html')).rejects.toThrow(/ERR_UNKNOWN_URL_SCHEME/);
  });
});
