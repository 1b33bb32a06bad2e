/**
 * The page globals that functions passed to `LaunchedApp.evaluate` use, typed without the DOM library (test files
 * are type-checked for Node): `(globalThis as unknown as PageGlobals).ntfy.listMessages(…)`.
 */
import type { BridgeApi } from '../../common/ipc.ts';

export interface PageElement {
  readonly textContent: string | null;
  readonly childElementCount: number;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement>;
}

export interface PageGlobals {
  readonly ntfy: BridgeApi;
  readonly document: PageElement & { readonly body: PageElement };
}
