/** Messages between the test process (launch-app.ts) and the app process (control.ts), over Node's fork channel. */
import type { PageRequestKind, RuntimeRecords } from './records.ts';
import type { ToastActivationDetails } from './runtime.ts';

export type ControlRequest =
  | { readonly op: 'records' }
  /** Waits until the first window has loaded its page (Electron's 'did-finish-load'). */
  | { readonly op: 'waitForWindow' }
  /** `source` is a function's text, called in the window's page with `arg` (JSON). */
  | { readonly op: 'evaluate'; readonly source: string; readonly arg: unknown }
  | { readonly op: 'waitForFunction'; readonly source: string; readonly arg: unknown; readonly timeoutMs: number }
  /** Loads another URL in the window as webContents.loadURL does, without 'will-navigate'. */
  | { readonly op: 'navigate'; readonly url: string }
  | { readonly op: 'clickTrayItem'; readonly label: string }
  | { readonly op: 'closeWindow' }
  /** As the user clicking notification `index` (in order of creation), or its button `actionIndex`. */
  | { readonly op: 'clickNotification'; readonly index: number; readonly actionIndex?: number }
  /** Resolves once the app has emitted `event` at least `count` times. */
  | { readonly op: 'waitForAppEvent'; readonly event: string; readonly count: number }
  /** Resolves once the pages' requests of that kind (page-navigation.ts, page-permissions.ts) number `count`. */
  | { readonly op: 'waitForPageRequests'; readonly kind: PageRequestKind; readonly count: number }
  | { readonly op: 'quit' }
  /**
   * macOS: the system quits the app (Restart, Shut Down, Log Out, or Quit from the Dock): powerMonitor 'shutdown',
   * then, unless the app prevented it, app.quit(). A quit the app holds back cancels the system's (see control.ts).
   */
  | { readonly op: 'systemQuit' }
  /**
   * Windows: the user logs off or shuts down: 'query-session-end' then 'session-end' to every window, then the
   * process ends at once, as Windows ends it once the last handler returns.
   */
  | { readonly op: 'endSession' }
  /** Windows: a toast (or its button) was activated, e.g. from the Action Center after a restart. */
  | { readonly op: 'activateToast'; readonly details: ToastActivationDetails };

export type ControlMessage = ControlRequest & { readonly id: number };

export type ControlReply =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly error: string };

/** Sent by the app process just before it exits: the records as they were last. */
export interface FinalRecordsEvent {
  readonly type: 'final-records';
  readonly records: RuntimeRecords;
}
