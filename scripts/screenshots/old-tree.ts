/**
 * An old checkout's test server and dev:web bridge, loaded by a runtime path for scripts/screenshots/before.ts. Their
 * types cannot be imported (the path is only known at run time), so they are declared here by the members the
 * script uses, as the old tree (d52553a) defines them in test/server/types.ts and test/web-bridge/server.ts.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';

/** test/server's PublishOptions, the fields the shots use. */
export interface OldPublishOptions {
  readonly message?: string;
  readonly title?: string;
  readonly priority?: number;
  readonly tags?: readonly string[];
  readonly click?: string;
  readonly actions?: readonly {
    readonly action: string;
    readonly label: string;
    readonly url?: string;
    readonly method?: string;
  }[];
  readonly attach?: string;
  readonly markdown?: boolean;
  /** Unix seconds. */
  readonly time?: number;
}

export interface OldTestServer {
  /** `http://127.0.0.1:PORT`. */
  readonly url: string;
  publish(topic: string, options: OldPublishOptions): Promise<unknown>;
  waitForSubscribers(
    count: number,
    options?: { readonly topic?: string; readonly timeoutMs?: number },
  ): Promise<unknown>;
  close(): Promise<void>;
}

interface OldTestServerOptions {
  readonly auth?: {
    readonly users: readonly {
      readonly name: string;
      readonly password: string;
      readonly access: readonly { readonly topic: string; readonly permission: string }[];
    }[];
    readonly defaultAccess: string;
  };
}

type OldResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: { readonly message: string } };

/** The old AppService, the calls that set up a shot. */
interface OldAppService {
  saveSubscription(input: {
    readonly server: string;
    readonly topic: string;
    readonly displayName: string;
  }): Promise<OldResult<{ readonly id: string }>>;
  setCredentials(input: {
    readonly server: string;
    readonly kind: 'basic';
    readonly user: string;
    readonly password: string;
  }): Promise<OldResult<unknown>>;
  removeSubscription(id: string, options: { readonly deleteHistory: boolean }): Promise<OldResult<unknown>>;
  clearCredentials(server: string): Promise<OldResult<unknown>>;
}

export interface OldWebBridge {
  /** The page to open, e.g. http://127.0.0.1:41234/ */
  readonly url: string;
  readonly core: { readonly service: OldAppService };
  close(): Promise<void>;
}

export interface OldTree {
  startTestServer(options?: OldTestServerOptions): Promise<OldTestServer>;
  /** Serves the old tree's own dist/renderer (its `npm run build`). */
  startWebBridge(options: { readonly ntfyServerUrl: string }): Promise<OldWebBridge>;
}

/** One exported function of a module loaded from `tree`; throws when the old tree has no such export. */
async function importFunction(tree: string, file: string, name: string): Promise<unknown> {
  const loaded: unknown = await import(pathToFileURL(path.join(tree, file)).href);
  const value = typeof loaded === 'object' && loaded !== null ? (loaded as Record<string, unknown>)[name] : undefined;
  if (typeof value !== 'function') throw new Error(`${path.join(tree, file)} exports no function ${name}`);
  return value;
}

export async function loadOldTree(tree: string): Promise<OldTree> {
  return {
    startTestServer: (await importFunction(
      tree,
      'test/server/index.ts',
      'startTestServer',
    )) as OldTree['startTestServer'],
    startWebBridge: (await importFunction(
      tree,
      'test/web-bridge/server.ts',
      'startWebBridge',
    )) as OldTree['startWebBridge'],
  };
}

/** The page's element as this script reads it (this project's Node types have no DOM). */
interface PageElement {
  readonly tagName: string;
  getAttribute(name: string): string | null;
}

/** Where keyboard focus is, e.g. `<body>` or `<div role="listitem" data-index="0">` (a message row), for a caption. */
export function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = (globalThis as unknown as { document: { activeElement: PageElement | null } }).document
      .activeElement;
    if (element === null) return 'null';
    const tag = element.tagName.toLowerCase();
    const role = element.getAttribute('role');
    const index = element.getAttribute('data-index');
    const attributes = [role === null ? '' : ` role="${role}"`, index === null ? '' : ` data-index="${index}"`];
    return `<${tag}${attributes.join('')}>`;
  });
}

export interface BeforeShot {
  readonly file: string;
  /** The item of issue 13 it shows the old state of. */
  readonly item: number;
  readonly shows: string;
  /** CSS pixels, e.g. `960×680`. */
  readonly viewport: string;
}

/** docs/before/README.md: one line per file, sorted by item. */
export function readmeText(options: {
  readonly shots: readonly BeforeShot[];
  readonly commit: string;
  readonly date: string;
}): string {
  const lines = [...options.shots]
    .sort((a, b) => a.item - b.item || a.file.localeCompare(b.file))
    .map(
      (shot) =>
        `- \`${shot.file}\` — item ${shot.item}: ${shot.shows}. From ${options.commit} on ${options.date}, ` +
        `${shot.viewport}.`,
    );
  return [
    '# Before: the window when issue 13 was filed',
    '',
    `Taken by \`npx node scripts/screenshots/before.ts <checkout of ${options.commit}>\` (the old tree's own web ` +
      'bridge, test server and built renderer, Debian Chromium, light theme). The "after" shots are `docs/window-*.png`.',
    '',
    ...lines,
    '',
  ].join('\n');
}
