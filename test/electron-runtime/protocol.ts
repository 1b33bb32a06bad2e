/** Messages between the test process (launch-app.ts) and the app process (control.ts), over Node's fork channel. */
import type { RuntimeRecords } from './records.ts';

export type ControlRequest =
  | { readonly op: 'records' }
  /** Waits until the first window has loaded its page (Electron's 'did-finish-load'). */
  | { readonly op: 'waitForWindow' }
  /** `source` is a function's text, called in the window's page with `arg` (JSON). */
  | { readonly op: 'evaluate'; readonly source: string; readonly arg: unknown }
  | { readonly op: 'waitForFunction'; readonly source: string; readonly arg: unknown; readonly timeoutMs: number }
  /** Loads another URL in the window without 'will-navigate' (what a redirect or a compromised page achieves). */
  | { readonly op: 'navigate'; readonly url: string }
  | { readonly op: 'clickTrayItem'; readonly label: string }
  | { readonly op: 'closeWindow' }
  /** As the user clicking notification `index` (in order of creation), or its button `actionIndex`. */
  | { readonly op: 'clickNotification'; readonly index: number; readonly actionIndex?: number }
  /** Resolves once the app has emitted `event` at least `count` times. */
  | { readonly op: 'waitForAppEvent'; readonly event: string; readonly count: number }
  | { readonly op: 'quit' };

export type ControlMessage = ControlRequest & { readonly id: number };

export type ControlReply =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly error: string };

/** Sent by the app process just before it exits: the records as they were last. */
export interface FinalRecordsEvent {
  readonly type: 'final-records';
  readonly records: RuntimeRecords;
}
