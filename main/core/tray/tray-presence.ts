/**
 * Whether the Linux tray icon is really on screen. Electron's tray there is a StatusNotifierItem, which shows only
 * once a StatusNotifierWatcher lists it in RegisteredStatusNotifierItems. Two ways the app could believe in an
 * icon that is not there: Electron 44/45 sometimes fail to register with GNOME's AppIndicator extension, and a
 * watcher that starts after an autostart login (or restarts with GNOME Shell) may never be told about the item.
 * An app that hides its window to a tray that is not there has no way back, so the shell looks at the watcher after
 * start and whenever it or its items change, and decides here.
 * https://www.freedesktop.org/wiki/Specifications/StatusNotifierItem/StatusNotifierWatcher/
 */
import type { Clock, Logger, TimerHandle } from '../ports.ts';

/** One look at the session bus's StatusNotifierWatcher. */
export interface WatcherLook {
  readonly watcherRunning: boolean;
  /** IsStatusNotifierHostRegistered; undefined when the watcher does not answer it (some minimal ones): trusted. */
  readonly hostRegistered: boolean | undefined;
  /** Whether RegisteredStatusNotifierItems lists an item of this process; undefined when the watcher cannot say. */
  readonly ownItemRegistered: boolean | undefined;
}

/**
 * `pending`: not judged yet (the window hides to the tray as everywhere else); `shown`: the watcher lists our item;
 * `no-host`: no watcher or no host (plain GNOME Shell); `not-registered`: a host runs but our item is not listed.
 */
export type TrayPresence = 'pending' | 'shown' | 'no-host' | 'not-registered';

export function judgeTrayPresence(look: WatcherLook): Exclude<TrayPresence, 'pending'> {
  if (!look.watcherRunning || look.hostRegistered === false) return 'no-host';
  return look.ownItemRegistered === false ? 'not-registered' : 'shown';
}

/** Whether the window may hide to the tray: not where the icon is known to be missing. */
export function trayUsable(presence: TrayPresence): boolean {
  return presence === 'pending' || presence === 'shown';
}

interface TrayPresenceEffects {
  /** Bring the window back: the app must never stay hidden without an icon to reopen it from. */
  readonly showWindow: boolean;
  readonly trayHostMissing: boolean;
  readonly trayIconMissing: boolean;
}

/** What the shell does when the presence changes; the window is shown once per loss of the icon, not on every look. */
export function trayPresenceEffects(previous: TrayPresence, next: TrayPresence): TrayPresenceEffects {
  return {
    showWindow: trayUsable(previous) && !trayUsable(next),
    trayHostMissing: next === 'no-host',
    trayIconMissing: next === 'not-registered',
  };
}

interface TrayPresenceTrackerOptions {
  /** Looks at the watcher; a rejection leaves the presence as it was. */
  readonly look: () => Promise<WatcherLook>;
  readonly clock: Clock;
  /**
   * Milliseconds an item gets to register after the tray is created or a watcher appears, before its absence
   * counts: Electron registers asynchronously, and again by itself when a new watcher appears.
   */
  readonly settleMs: number;
  readonly onChange: (next: TrayPresence, previous: TrayPresence) => void;
  readonly log: Logger;
}

/**
 * Follows the presence through the watcher's life: call start() once the tray exists, watcherChanged() on every
 * NameOwnerChanged of the watcher's name, itemsChanged() on its StatusNotifierItemRegistered/Unregistered.
 * Looks run one at a time, in order, so an old answer never overwrites a newer one.
 */
export class TrayPresenceTracker {
  readonly #options: TrayPresenceTrackerOptions;
  #presence: TrayPresence = 'pending';
  #settleTimer: TimerHandle | undefined;
  #looks: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(options: TrayPresenceTrackerOptions) {
    this.#options = options;
  }

  get presence(): TrayPresence {
    return this.#presence;
  }

  /** The first look: a missing host counts at once, a missing item only after settleMs. */
  start(): Promise<void> {
    return this.#look((judged) => (judged === 'not-registered' ? 'settle' : 'decide'));
  }

  /** A watcher appeared, vanished or was replaced: judge again once its items had time to register. */
  watcherChanged(): Promise<void> {
    this.#cancelSettle();
    return this.#look((judged) => (judged === 'shown' ? 'decide' : 'settle'));
  }

  /** An item (maybe ours) registered or went away. */
  itemsChanged(): Promise<void> {
    return this.#look((judged) => (judged === 'shown' ? 'decide' : 'settle'));
  }

  /** Resolves once every look started so far has been applied (tests wait for this, never for time). */
  idle(): Promise<void> {
    return this.#looks;
  }

  stop(): void {
    this.#stopped = true;
    this.#cancelSettle();
  }

  #look(whatNext: (judged: Exclude<TrayPresence, 'pending'>) => 'decide' | 'settle'): Promise<void> {
    this.#looks = this.#looks.then(async () => {
      if (this.#stopped) return;
      let judged: Exclude<TrayPresence, 'pending'>;
      try {
        judged = judgeTrayPresence(await this.#options.look());
      } catch (error) {
        this.#options.log.log('info', 'could not look at the StatusNotifierWatcher', { error: String(error) });
        return;
      }
      if (this.#isStopped()) return; // stop() may have come while the look was on the bus
      if (whatNext(judged) === 'decide') {
        this.#cancelSettle();
        this.#set(judged);
      } else if (this.#settleTimer === undefined) {
        this.#settleTimer = this.#options.clock.setTimeout(() => {
          this.#settleTimer = undefined;
          void this.#look(() => 'decide');
        }, this.#options.settleMs);
      }
    });
    // A throwing onChange must not stop the looks that follow.
    this.#looks = this.#looks.catch((error: unknown) => {
      this.#options.log.log('error', 'tray presence change failed', { error: String(error) });
    });
    return this.#looks;
  }

  #isStopped(): boolean {
    return this.#stopped;
  }

  #set(next: TrayPresence): void {
    const previous = this.#presence;
    if (next === previous) return;
    this.#presence = next;
    this.#options.onChange(next, previous);
  }

  #cancelSettle(): void {
    if (this.#settleTimer === undefined) return;
    this.#options.clock.clearTimeout(this.#settleTimer);
    this.#settleTimer = undefined;
  }
}
