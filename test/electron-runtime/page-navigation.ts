/**
 * What Electron's browser side asks the app before a window's page leaves or multiplies, driven from Chromium's
 * DevTools protocol on the window's page:
 *
 * - `will-navigate` (https://www.electronjs.org/docs/latest/api/web-contents#event-will-navigate): a navigation the
 *   page starts itself (a link, `location.href = …`, a form, a reload) pauses at its document request (Fetch domain,
 *   Document requests only), the window's webContents emits 'will-navigate', and a prevented one is aborted, so the
 *   page stays where it was. Loads the app asks for (loadURL, loadFile) and the test's `navigate` do not emit it, as
 *   Electron emits it for renderer-initiated navigations only. Redirects and subframes pass ('will-redirect' and
 *   'will-frame-navigate' are not played).
 * - `setWindowOpenHandler` (https://www.electronjs.org/docs/latest/api/web-contents#contentssetwindowopenhandlerhandler):
 *   window.open and target=_blank links reach the handler with Chromium's own account of them (Page.windowOpen, sent
 *   before the new window exists). The stand-in never opens a second BrowserWindow: `{ action: 'deny' }` is obeyed
 *   (the popup Chromium makes regardless loads nothing, blockPopupDocuments, and is closed at once), and 'allow' —
 *   or no handler, which Electron treats as 'allow' — is reported as an error, because it would open a window the
 *   app does not manage.
 */
import type { HandlerDetails, WebContents } from 'electron';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

export interface NavigationRecord {
  /** As Electron reports it (app://… for pages of a handled scheme). */
  readonly url: string;
  readonly prevented: boolean;
}

/** A popup Chromium made for a window.open, as the stand-in closed it. */
export interface ClosedPopupRecord {
  /** Where it was when closed: Chromium's error page when its document was blocked. */
  readonly url: string;
}

export interface WindowOpenRecord {
  readonly url: string;
  /** What the app's handler answered; 'allow' also when it had none (Electron's default). */
  readonly action: 'allow' | 'deny';
}

/** Electron's own handler type, so stand-in-fits.ts can prove the setter takes what Electron's takes. */
export type WindowOpenHandler = Parameters<WebContents['setWindowOpenHandler']>[0];

export interface NavigationOwner {
  /** The window's webContents: 'will-navigate' is emitted on it. */
  emitWillNavigate(url: string): boolean;
  windowOpenHandler(): WindowOpenHandler | null;
  /** The page's current URL as Electron reports it. */
  currentUrl(): string;
  /** Maps an http stand-in URL of a handled scheme back to the app:// URL (custom-protocol.ts). */
  appUrlOf(pageUrl: string): string;
  recordNavigation(record: NavigationRecord): void;
  recordWindowOpen(record: WindowOpenRecord): void;
  recordClosedPopup(record: ClosedPopupRecord): void;
  reportError(message: string): void;
}

interface RequestPaused {
  readonly requestId: string;
  readonly request: { readonly url: string };
  readonly frameId: string;
  readonly networkId?: string;
  readonly redirectedRequestId?: string;
}

interface WindowOpenEvent {
  readonly url: string;
  readonly windowName: string;
  readonly windowFeatures: string[];
}

export interface PageNavigation {
  /** The next navigation of the main frame to `url` is the app's or the test's own load: no 'will-navigate'. */
  expectProgrammaticLoad(url: string): void;
}

function normalized(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

/** Chromium opens a new window for features with a size or position, a new foreground tab otherwise. */
function dispositionOf(features: readonly string[]): HandlerDetails['disposition'] {
  return features.some((feature) => /^(width|height|left|top)=/.test(feature)) ? 'new-window' : 'foreground-tab';
}

export async function drivePageNavigation(
  context: BrowserContext,
  page: Page,
  owner: NavigationOwner,
): Promise<PageNavigation> {
  const cdp: CDPSession = await context.newCDPSession(page);
  const { frameTree } = (await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
  const mainFrameId = frameTree.frame.id;
  const programmatic: string[] = [];
  // A redirect pauses again under the same network id: the navigation was already decided.
  const decided = new Set<string>();

  const settle = (requestId: string, allow: boolean): void => {
    const answer = allow
      ? cdp.send('Fetch.continueRequest', { requestId })
      : cdp.send('Fetch.failRequest', { requestId, errorReason: 'Aborted' });
    answer.catch((error: unknown) => {
      // The page (or its request) may be gone when the answer arrives: a closed window, a superseded navigation.
      if (!page.isClosed() && !/Invalid InterceptionId|not found/i.test(String(error)))
        owner.reportError(`answering a paused navigation failed: ${String(error)}`);
    });
  };

  cdp.on('Fetch.requestPaused', (event: RequestPaused) => {
    const networkId = event.networkId ?? event.requestId;
    if (event.frameId !== mainFrameId || event.redirectedRequestId !== undefined || decided.has(networkId)) {
      settle(event.requestId, true);
      return;
    }
    decided.add(networkId);
    const index = programmatic.indexOf(normalized(event.request.url));
    if (index >= 0) {
      programmatic.splice(index, 1);
      settle(event.requestId, true);
      return;
    }
    const url = owner.appUrlOf(event.request.url);
    let allowed = false;
    try {
      allowed = owner.emitWillNavigate(url);
    } catch (error) {
      owner.reportError(`a 'will-navigate' listener threw: ${String(error)}`);
    }
    owner.recordNavigation({ url, prevented: !allowed });
    settle(event.requestId, allowed);
  });

  cdp.on('Page.windowOpen', (event: WindowOpenEvent) => {
    const handler = owner.windowOpenHandler();
    const url = owner.appUrlOf(event.url);
    let action: 'allow' | 'deny' = 'allow';
    if (handler !== null) {
      try {
        action = handler({
          url,
          frameName: event.windowName === '_blank' ? '' : event.windowName,
          features: event.windowFeatures.join(','),
          disposition: dispositionOf(event.windowFeatures),
          referrer: { url: owner.currentUrl(), policy: 'strict-origin-when-cross-origin' },
        }).action;
      } catch (error) {
        owner.reportError(`the window open handler threw: ${String(error)}`);
      }
    }
    owner.recordWindowOpen({ url, action });
    if (action === 'allow') {
      owner.reportError(
        `window.open('${url}') was allowed (${handler === null ? 'no handler: Electron allows by default' : "the handler said 'allow'"}); the stand-in opens no second window`,
      );
    }
  });

  // Chromium makes the popup whatever the handler said; none may stay (the stand-in opens no second window).
  page.on('popup', (popup) => {
    const url = popup.url();
    popup.close().then(
      () => {
        owner.recordClosedPopup({ url });
      },
      (error: unknown) => {
        owner.reportError(`closing a popup failed: ${String(error)}`);
      },
    );
  });

  await cdp.send('Page.enable');
  await cdp.send('Fetch.enable', { patterns: [{ resourceType: 'Document', requestStage: 'Request' }] });
  return {
    expectProgrammaticLoad(url) {
      programmatic.push(normalized(url));
    },
  };
}

interface TargetInfo {
  readonly targetId: string;
  readonly type: string;
  readonly openerId?: string;
}

/**
 * Browser-wide: no popup a window's page opens ever loads its document, so a denied window.open reaches no server
 * before the stand-in closes it. A popup is a page target with an opener; the windows' own pages have none, and
 * subframes are no targets of their own.
 */
export async function blockPopupDocuments(browser: Browser): Promise<void> {
  const cdp = await browser.newBrowserCDPSession();
  cdp.on('Fetch.requestPaused', (event: RequestPaused) => {
    const decide = async (): Promise<void> => {
      const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: TargetInfo[] };
      const target = targetInfos.find((info) => info.targetId === event.frameId);
      if (target?.type === 'page' && target.openerId !== undefined)
        await cdp.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'BlockedByClient' });
      else await cdp.send('Fetch.continueRequest', { requestId: event.requestId });
    };
    decide().catch((error: unknown) => {
      // A request that ended meanwhile (its page closed) needs no answer.
      if (!/Invalid InterceptionId|not found|closed/i.test(String(error)))
        console.error('electron stand-in: could not decide on a popup request', error);
    });
  });
  await cdp.send('Fetch.enable', { patterns: [{ resourceType: 'Document', requestStage: 'Request' }] });
}
