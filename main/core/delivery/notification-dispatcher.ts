/**
 * Turns policy decisions into popups on a Notifier and routes what the user does with them: a click opens the
 * message's click URL (allowlisted) or the window on that message; `view` opens its URL, `http` runs the request
 * from this process and reports the outcome in a follow-up popup, `copy` copies; `clear: true` closes the popup.
 * Shared by the app and `ntfy-tray subscribe --notify`.
 *
 * A popup cannot ask: an `http` button whose target is on this computer or its network (run-message-action.ts) sends
 * nothing from the popup; it opens the window on the message with that action's confirmation shown (the CLI, which
 * has no window, says in a follow-up popup that nothing was sent).
 *
 * A popup never waits for a download: it goes out at once without its image, and the image, once it is cached,
 * replaces the popup in place (same id: D-Bus replaces_id, Electron closes and shows again) without sounding again.
 * The shared queue only ever waits for the notifier, so a publisher's attachment that never answers cannot hold back
 * the popups of other messages or topics.
 */
import { t } from '../../../common/i18n/translate.ts';
import type { Logger, Notifier, NotifierShowRequest } from '../ports.ts';
import type { NtfyMessage } from '../protocol/types.ts';
import type { DeliveredBatch } from './deliver.ts';
import { isAllowedExternalUrl } from './external-url.ts';
import { httpActionTarget } from './http-action.ts';
import { type NotificationAction, toNotificationAction } from './notification-content.ts';
import type { NotificationCommand, NotificationPolicy } from './notification-policy.ts';
import { type MessageActionOptions, runMessageAction } from './run-message-action.ts';

interface NotificationDispatcherOptions {
  readonly notifier: Notifier;
  readonly policy: NotificationPolicy;
  readonly log: Logger;
  /** Hands an allowlisted URL to the OS (shell.openExternal, xdg-open). */
  readonly openExternal: (url: string) => Promise<void>;
  /**
   * Opens the window on a message, with the confirmation of its action `confirmAction` (an index into
   * `message.actions`) shown when given; undefined where there is no window (the CLI).
   */
  readonly openMessage?: (server: string, message: NtfyMessage, options?: { readonly confirmAction?: number }) => void;
  /** Undefined where there is no clipboard: copy actions are then not offered. */
  readonly copyText?: (text: string) => void;
  readonly runHttpAction: MessageActionOptions['runHttpAction'];
  /**
   * Downloads an image attachment of a message from `server` (the subscription's) and returns its local path, or
   * undefined when it may not or could not; absent to show no images. Never awaited by the popup queue.
   */
  readonly downloadImage?: (url: string, server: string) => Promise<string | undefined>;
  /** The "sounds" preference, read at each popup; absent: sounds as each popup's priority says. */
  readonly sounds?: () => boolean;
}

/**
 * An http button says what it sends where before it runs ("Dismiss (DELETE example.com)"): the label alone is the
 * publisher's word, and a popup has no room for a confirmation.
 */
function buttonLabel(action: NotificationAction): string {
  return action.kind === 'http'
    ? t('app.http-action.button', { label: action.label, target: httpActionTarget(action) })
    : action.label;
}

/** Where a popup's button sits in the message's own actions (the window numbers them so); undefined if nowhere. */
function indexInMessage(
  message: NtfyMessage,
  action: Extract<NotificationAction, { kind: 'http' }>,
): number | undefined {
  const index = message.actions.findIndex((raw) => {
    const mapped = toNotificationAction(raw);
    return (
      mapped?.kind === 'http' && mapped.id === action.id && mapped.url === action.url && mapped.method === action.method
    );
  });
  return index === -1 ? undefined : index;
}

interface Shown {
  readonly server: string;
  readonly message: NtfyMessage;
  readonly clickUrl?: string;
  /** Button id sent to the notifier → the action. */
  readonly actions: ReadonlyMap<string, NotificationAction>;
}

export class NotificationDispatcher {
  readonly #options: NotificationDispatcherOptions;
  readonly #shown = new Map<string, Shown>();
  readonly #unsubscribe: (() => void)[];
  /** The popups of the batches handed in so far, one batch after another; never rejects. */
  #queue: Promise<void> = Promise.resolve();

  constructor(options: NotificationDispatcherOptions) {
    this.#options = options;
    this.#unsubscribe = [
      options.notifier.onAction((id, actionId) => {
        this.#onAction(id, actionId).catch((error: unknown) => {
          options.log.log('error', 'notification action failed', { error: String(error) });
        });
      }),
      options.notifier.onClosed((id) => {
        this.#shown.delete(id);
      }),
    ];
  }

  /**
   * Decides at once and shows after the popups of earlier batches; never rejects (a notifier failure is logged, the
   * message is stored either way). Callers do not wait for one batch before handing on the next, and the order
   * matters: a burst summary's updates must reach the notifier after its first, sounding popup, never before it.
   */
  handle(batch: DeliveredBatch): Promise<void> {
    const commands = this.#options.policy.decide(batch);
    this.#queue = this.#queue.then(async () => {
      for (const command of commands) {
        try {
          await this.#run(batch.server, command);
        } catch (error) {
          this.#options.log.log('warn', 'could not show a notification', { error: String(error) });
        }
      }
    });
    return this.#queue;
  }

  dispose(): void {
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
  }

  /** Every popup goes out here, so the sounds preference silences all of them. */
  async #show(request: NotifierShowRequest): Promise<void> {
    const soundsOn = this.#options.sounds?.() ?? true;
    await this.#options.notifier.show(soundsOn ? request : { ...request, silent: true });
  }

  async #run(server: string, command: NotificationCommand): Promise<void> {
    if (command.type === 'close') {
      this.#shown.delete(command.id);
      await this.#options.notifier.close(command.id);
      return;
    }
    if (command.type === 'summary') {
      this.#shown.set(command.id, { server, message: command.latest, actions: new Map() });
      await this.#show({
        id: command.id,
        title: command.title,
        body: command.body,
        urgency: command.urgency,
        // An update replaces the summary in place (D-Bus replaces_id); it says so without sounding again.
        silent: command.silent,
        actions: [],
      });
      return;
    }
    const { content, message } = command;
    const usable = content.actions.filter((action) => action.kind !== 'copy' || this.#options.copyText !== undefined);
    const actions = new Map(usable.map((action, index) => [`action-${index}`, action]));
    const request: NotifierShowRequest = {
      id: command.id,
      title: content.title,
      body: content.body,
      urgency: content.urgency,
      silent: content.silent,
      actions: [...actions].map(([id, action]) => ({ id, label: buttonLabel(action) })),
    };
    const shown: Shown = {
      server,
      message,
      actions,
      ...(content.clickUrl === undefined ? {} : { clickUrl: content.clickUrl }),
    };
    this.#shown.set(command.id, shown);
    await this.#show(request);
    if (content.imageUrl !== undefined) this.#addImageLater(content.imageUrl, request, shown);
  }

  /**
   * Downloads outside the queue; once the file is there, the popup is shown again with it (silently: it already
   * sounded), in the queue's order, unless it was closed, dismissed or replaced meanwhile.
   */
  #addImageLater(url: string, request: NotifierShowRequest, shown: Shown): void {
    const download = this.#options.downloadImage;
    if (download === undefined) return;
    const replace = async (imagePath: string): Promise<void> => {
      if (this.#shown.get(request.id) !== shown) return;
      try {
        await this.#show({ ...request, imagePath, silent: true });
      } catch (error) {
        this.#options.log.log('warn', 'could not add an image to a notification', { error: String(error) });
      }
    };
    void download(url, shown.server)
      .then((imagePath) => {
        if (imagePath === undefined) return;
        this.#queue = this.#queue.then(() => replace(imagePath));
      })
      .catch((error: unknown) => {
        this.#options.log.log('warn', 'could not download an image attachment', { error: String(error) });
      });
  }

  async #onAction(id: string, actionId: string): Promise<void> {
    const shown = this.#shown.get(id);
    if (shown === undefined) return;
    if (actionId === 'default') {
      if (shown.clickUrl !== undefined) await this.#openExternal(shown.clickUrl);
      else this.#options.openMessage?.(shown.server, shown.message);
      return;
    }
    const action = shown.actions.get(actionId);
    if (action === undefined) return;
    const outcome = await runMessageAction(action, this.#options, { server: shown.server, confirmedInternal: false });
    if (outcome.kind === 'confirm' && action.kind === 'http' && this.#options.openMessage !== undefined) {
      const index = indexInMessage(shown.message, action);
      this.#options.openMessage(shown.server, shown.message, index === undefined ? {} : { confirmAction: index });
      return; // the popup stays: nothing was done yet, and `clear` means "once it ran"
    }
    if (outcome.kind === 'confirm') {
      await this.#show({
        id: `${id}|result`,
        title: t('app.http-action.failed-title', { label: action.label }),
        body: outcome.message,
        urgency: 'normal',
        silent: false,
        actions: [],
      });
      return;
    }
    // An http action runs out of sight: its outcome comes back as a popup of its own.
    if (outcome.kind === 'http') {
      await this.#show({
        id: `${id}|result`,
        title: t(outcome.ok ? 'app.http-action.done-title' : 'app.http-action.failed-title', { label: action.label }),
        body: outcome.message,
        urgency: outcome.ok ? 'low' : 'normal',
        silent: outcome.ok,
        actions: [],
      });
    }
    if (action.clear) {
      this.#shown.delete(id);
      await this.#options.notifier.close(id);
    }
  }

  async #openExternal(url: string): Promise<void> {
    const checked = isAllowedExternalUrl(url);
    if (!checked.ok) {
      this.#options.log.log('warn', 'refused to open a URL from a message', { reason: checked.reason });
      return;
    }
    await this.#options.openExternal(checked.url);
  }
}
