/** A Notifier that records calls and lets tests click buttons — the OS edge, for tests of the dispatcher. */
import type { NotificationClosedReason, Notifier, NotifierShowRequest } from '../../main/core/ports.ts';

export interface RecordingNotifier extends Notifier {
  readonly shown: NotifierShowRequest[];
  readonly closed: string[];
  /** Simulates the user clicking a button (or the popup: `default`). */
  click(id: string, actionId: string): void;
  dismiss(id: string, reason?: NotificationClosedReason): void;
  /** Resolves with the first shown request (past or future) that matches. */
  waitForShown(predicate: (request: NotifierShowRequest) => boolean): Promise<NotifierShowRequest>;
  /** Resolves once `id` has been closed (past or future). */
  waitForClosed(id: string): Promise<void>;
}

export function createRecordingNotifier(
  capabilities = { actions: true, images: true, sound: true },
): RecordingNotifier {
  const actionListeners = new Set<(id: string, actionId: string) => void>();
  const closedListeners = new Set<(id: string, reason: NotificationClosedReason) => void>();
  const shown: NotifierShowRequest[] = [];
  const closed: string[] = [];
  const waiters = new Set<() => void>();
  const changed = (): void => {
    for (const waiter of [...waiters]) waiter();
  };
  function waitUntil<T>(check: () => T | undefined): Promise<T> {
    return new Promise((resolve) => {
      const attempt = (): void => {
        const value = check();
        if (value === undefined) return;
        waiters.delete(attempt);
        resolve(value);
      };
      waiters.add(attempt);
      attempt();
    });
  }
  return {
    shown,
    closed,
    show(request) {
      shown.push(request);
      changed();
      return Promise.resolve();
    },
    close(id) {
      closed.push(id);
      changed();
      return Promise.resolve();
    },
    onAction(listener) {
      actionListeners.add(listener);
      return () => actionListeners.delete(listener);
    },
    onClosed(listener) {
      closedListeners.add(listener);
      return () => closedListeners.delete(listener);
    },
    capabilities: () => Promise.resolve(capabilities),
    dispose: () => Promise.resolve(),
    click(id, actionId) {
      for (const listener of actionListeners) listener(id, actionId);
    },
    dismiss(id, reason = 'dismissed') {
      for (const listener of closedListeners) listener(id, reason);
    },
    waitForShown: (predicate) => waitUntil(() => shown.find(predicate)),
    waitForClosed: (id) => waitUntil(() => (closed.includes(id) ? true : undefined)).then(() => undefined),
  };
}
