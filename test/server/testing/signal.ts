/**
 * "Something changed" notifications for test clients, so that tests wait for a condition instead of sleeping.
 */
export class Signal {
  #listeners = new Set<() => void>();

  notify(): void {
    for (const listener of [...this.#listeners]) listener();
  }

  /** Resolves once `condition()` holds (checked now and after every notify); rejects after `timeoutMs`. */
  waitFor(condition: () => boolean, what: string | (() => string), timeoutMs = 5000): Promise<void> {
    if (condition()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const listener = (): void => {
        if (!condition()) return;
        cleanup();
        resolve();
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`));
      }, timeoutMs);
      const cleanup = (): void => {
        clearTimeout(timer);
        this.#listeners.delete(listener);
      };
      this.#listeners.add(listener);
    });
  }
}
